import { type RostershipRow, rowsToCsv } from '#common/rostership.ts';

/** Downloads the rows on screen (filtered and sorted) as a CSV file. */
export function CsvButton({ rows }: { rows: readonly RostershipRow[] }) {
  const download = () => {
    const blob = new Blob([rowsToCsv(rows)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `rostership-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <button type="button" className="btn-ghost px-3 py-1.5" onClick={download} disabled={rows.length === 0}>
      Export CSV
    </button>
  );
}

import { type AdpPlayer, adpCsv } from '#common/rookie-adp.ts';

/** Downloads the players on screen as CSV. */
export function CsvButton({ players, fileName }: { players: readonly AdpPlayer[]; fileName: string }) {
  const download = () => {
    const blob = new Blob([adpCsv(players)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <button
      type="button"
      className="btn-ghost px-3 py-1.5"
      onClick={download}
      disabled={players.length === 0}
    >
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        <path d="M7 1.5v8M3.5 6 7 9.5 10.5 6M2 12.5h10" stroke="currentColor" strokeWidth="1.6" fill="none" />
      </svg>
      Export CSV
    </button>
  );
}

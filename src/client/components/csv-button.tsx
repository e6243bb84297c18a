/**
 * "Export CSV": downloads the text `csv()` gives (called on click, so nothing is written until asked)
 * as `fileName`. Disabled when there is nothing to export.
 */
export function CsvButton({
  csv,
  fileName,
  disabled,
}: {
  csv: () => string;
  fileName: string;
  disabled?: boolean;
}) {
  const download = () => {
    const blob = new Blob([csv()], { type: 'text/csv;charset=utf-8' });
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
    <button type="button" className="btn-ghost px-3 py-1.5" onClick={download} disabled={disabled}>
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        <path d="M7 1.5v8M3.5 6 7 9.5 10.5 6M2 12.5h10" stroke="currentColor" strokeWidth="1.6" fill="none" />
      </svg>
      Export CSV
    </button>
  );
}

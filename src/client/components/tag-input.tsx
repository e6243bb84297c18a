import { useId, useState } from 'react';

interface TagInputProps {
  tags: { name: string }[];
  onChange: (tags: { name: string }[]) => void;
  label?: string;
  disabled?: boolean;
}

/**
 * Tags: type a name and press Enter to add it (the input is then cleared; a name already there,
 * in any case, is ignored); each tag has a remove button, and removal is by position.
 */
export function TagInput({ tags, onChange, label = 'Tags', disabled }: TagInputProps) {
  const [text, setText] = useState('');
  const id = useId();
  const add = () => {
    const name = text.trim();
    setText('');
    if (!name || tags.some((t) => t.name.toLowerCase() === name.toLowerCase())) return;
    onChange([...tags, { name }]);
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 focus-within:border-field-700 focus-within:ring-2 focus-within:ring-field-700/30">
        <ul className="contents" aria-label={`${label} added`}>
          {tags.map((tag, index) => (
            <li
              // Names are unique, but removal is by index, so the index keys the chip.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="flex min-w-0 items-center gap-1 rounded-full bg-field-100 py-0.5 pl-3 pr-1 text-sm text-field-900 [overflow-wrap:anywhere]"
            >
              {tag.name}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(tags.filter((_, i) => i !== index))}
                className="rounded-full p-0.5 text-field-700 hover:bg-field-700 hover:text-white"
                aria-label={`Remove tag ${tag.name}`}
              >
                <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                  <path
                    d="M4 4l6 6M10 4l-6 6"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={text}
          disabled={disabled}
          maxLength={50}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds a tag and never submits the form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          placeholder="Type a tag and press Enter"
          className="min-w-40 flex-1 border-0 bg-transparent px-1 py-1 text-sm focus:outline-none"
        />
      </div>
    </div>
  );
}

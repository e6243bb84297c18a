import { useId, useState } from 'react';
import { ARTICLE_LIMITS } from '#common/content.ts';
import { CharacterCount } from './text-field.tsx';

interface TagInputProps {
  tags: { name: string }[];
  onChange: (tags: { name: string }[]) => void;
  label?: string;
  disabled?: boolean;
  /** The most tags, and the longest name (the article schema's limits by default). */
  maxTags?: number;
  maxLength?: number;
}

/**
 * Tags: type a name and press Enter to add it (the input is then cleared; a name already there,
 * in any case, is ignored); each tag has a remove button, and removal is by position. The tags are
 * counted toward their limit, and a name being typed toward its own once it nears it.
 */
export function TagInput({
  tags,
  onChange,
  label = 'Tags',
  disabled,
  maxTags = ARTICLE_LIMITS.tags,
  maxLength = ARTICLE_LIMITS.tag,
}: TagInputProps) {
  const [text, setText] = useState('');
  const [refused, setRefused] = useState(false);
  const id = useId();
  const full = tags.length >= maxTags;
  const add = () => {
    const name = text.trim();
    if (!name) return setText('');
    if (full) return setRefused(true);
    setText('');
    if (tags.some((t) => t.name.toLowerCase() === name.toLowerCase())) return;
    onChange([...tags, { name }]);
  };
  const typing = text.length >= Math.floor(maxLength * 0.8);
  const describedBy = [`${id}-count`, typing && `${id}-length`, refused && full && `${id}-full`]
    .filter(Boolean)
    .join(' ');
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
              className="flex min-w-0 items-center gap-1 rounded-full bg-field-100 py-0.5 pl-3 pr-0.5 text-sm text-field-900 [overflow-wrap:anywhere]"
            >
              {tag.name}
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  setRefused(false);
                  onChange(tags.filter((_, i) => i !== index));
                }}
                className="grid size-6 shrink-0 place-items-center rounded-full text-field-700 hover:bg-field-700 hover:text-white"
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
          maxLength={maxLength}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            setRefused(false);
          }}
          onKeyDown={(e) => {
            // Enter adds a tag and never submits the form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          placeholder="Type a tag and press Enter"
          className="min-h-8 min-w-40 flex-1 border-0 bg-transparent px-1 py-1 text-sm focus:outline-none"
        />
      </div>
      <div className="mt-1 flex items-start justify-between gap-3">
        <p id={`${id}-full`} className="min-w-0 text-xs font-semibold text-red-700" role="status">
          {refused && full ? `${maxTags} tags at most: remove one to add another.` : ''}
        </p>
        <div className="flex shrink-0 gap-3">
          {typing && <CharacterCount id={`${id}-length`} length={text.length} max={maxLength} />}
          <CharacterCount id={`${id}-count`} length={tags.length} max={maxTags} noun="tag" />
        </div>
      </div>
    </div>
  );
}

import { NUL_MESSAGE } from '#common/text.ts';

/*
 * Validation failures in people's words. A schema's own message ("Enter a name.") is kept as it is;
 * zod's defaults ("Too small: expected string to have >=1 characters") become a sentence about the
 * field ("Add the name."). Several problems make several sentences.
 */

interface Item {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

// zod's English defaults all start like this; messages written in a schema never do.
const ZOD_DEFAULT = /^(Invalid |Too (small|big)|Unrecognized key)/;

/** `league_id`, `startDate`, `contributorId`, `tags/0/name` → "league id", "start date", "contributor", "tag name". */
export function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  const named = parts.filter((p) => !/^\d+$/.test(p));
  const last = named.at(-1);
  if (!last) return '';
  const words = last
    .replace(/(?<=[a-z])Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  // An item of a list is named after the list: "tags/0/name" → "tag name".
  const owner =
    named.length > 1 && /^\d+$/.test(parts[parts.indexOf(last) - 1] ?? '') ? named.at(-2) : undefined;
  return owner ? `${owner.replace(/s$/, '')} ${words}` : words;
}

const units = (n: unknown, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function sentence(item: Item): string {
  const message = item.message ?? '';
  if (message === NUL_MESSAGE) {
    const field = fieldName(item.instancePath);
    return field ? `The ${field} cannot contain a NUL character.` : 'No text may contain a NUL character.';
  }
  if (message && !ZOD_DEFAULT.test(message)) return /[.!?]$/.test(message) ? message : `${message}.`;
  const field = fieldName(item.instancePath);
  const the = field ? `the ${field}` : 'a value';
  const The = field ? `The ${field}` : 'A value';
  const p = item.params;
  switch (item.keyword) {
    case 'invalid_union':
      return `${The} is not one of the choices.`;
    case 'invalid_type':
      if (/received undefined/.test(message)) return field ? `Add ${the}.` : 'Send the details as JSON.';
      return `${The} should be ${p.expected === 'array' ? 'a list' : `a ${p.expected}`}.`;
    case 'too_small':
      if (p.origin === 'string')
        return p.minimum === 1 ? `Add ${the}.` : `${The} needs at least ${units(p.minimum, 'character')}.`;
      if (p.origin === 'array' || p.origin === 'set') return `Choose at least ${p.minimum} for ${the}.`;
      return `${The} must be at least ${p.minimum}.`;
    case 'too_big':
      if (p.origin === 'string') return `${The} is too long (${units(p.maximum, 'character')} at most).`;
      if (p.origin === 'array' || p.origin === 'set') return `${The} can have at most ${p.maximum}.`;
      return `${The} must be at most ${p.maximum}.`;
    case 'invalid_format':
      if (p.format !== 'email') return `${The} is not in the expected form.`;
      // "for the email" would say the field's name twice.
      return field && !/e-?mail/.test(field)
        ? `Enter a valid e-mail address for ${the}.`
        : 'Enter a valid e-mail address.';
    case 'invalid_value':
      return Array.isArray(p.values)
        ? `Choose ${the} from: ${p.values.map(String).join(', ')}.`
        : `${The} is not one of the choices.`;
    case 'unrecognized_keys':
      return `${Array.isArray(p.keys) ? namedFew(p.keys) : 'Some fields'} cannot be sent here.`;
    default:
      return `Check ${the}.`;
  }
}

/**
 * The body field the problems are about, when they are all about one top-level field of the body
 * (a form shows the message beside it); undefined otherwise.
 */
export function problemField(items: readonly Item[]): string | undefined {
  const fields = new Set(items.map((i) => i.instancePath.split('/').filter(Boolean)[0]));
  const [only] = fields;
  return fields.size === 1 ? only : undefined;
}

/** One message for all the problems, each said once. */
export function validationMessage(items: readonly Item[]): string {
  return [...new Set(items.map(sentence))].join(' ');
}

/** Tests: a message in people's words is a sentence, without zod's or JSON Schema's jargon. */
export const PLAIN_WORDS =
  /^(?!.*(Invalid (input|body|query)|expected \w+, received|>=|<=|instancePath))[A-Z].*[.!?]$/s;

/** The first few keys by name, the rest counted: a body of thousands of keys gets a short answer. */
function namedFew(keys: string[]): string {
  const few = 5;
  if (keys.length <= few) return keys.join(', ');
  return `${keys.slice(0, few).join(', ')} and ${keys.length - few} more fields`;
}

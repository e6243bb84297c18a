import { describe, expect, it } from 'vitest';
import { fieldName, validationMessage } from './validation-message.ts';

const emailFormat = (instancePath: string) => ({
  keyword: 'invalid_format',
  instancePath,
  message: 'Invalid email address',
  params: { format: 'email' },
});

describe('validationMessage', () => {
  it('asks for a valid e-mail address without naming the field twice', () => {
    expect(validationMessage([emailFormat('/email')])).toBe('Enter a valid e-mail address.');
    expect(validationMessage([emailFormat('/contactEmail')])).toBe('Enter a valid e-mail address.');
    expect(validationMessage([emailFormat('/owner')])).toBe('Enter a valid e-mail address for the owner.');
  });

  it('names fields in words', () => {
    expect(fieldName('/tags/0/name')).toBe('tag name');
    expect(fieldName('/contributorId')).toBe('contributor');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, "Jr"')).toBe('"Smith, ""Jr"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('never lets a text cell start a spreadsheet formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-2')).toBe("'-2");
  });

  it('writes numbers as they are and nothing for a missing value', () => {
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('ends every line, the last included, with CRLF', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          [1, 'x'],
          [2, undefined],
        ],
      ),
    ).toBe('A,B\r\n1,x\r\n2,\r\n');
  });

  it('is just the header when there are no rows', () => {
    expect(toCsv(['A'], [])).toBe('A\r\n');
  });
});

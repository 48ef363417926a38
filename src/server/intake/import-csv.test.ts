import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { guessMapping, readCsv } from './import-csv';

describe('import CSV columns', () => {
  it('matches header names loosely (case, spaces, punctuation) and never reads one column twice', () => {
    const m = guessMapping([
      'TRACKING #',
      'Suite No',
      'E-Mail Address',
      'Weight (lbs)',
      'HAWB',
      'Qty',
      'Name',
      'Notes',
    ]);
    expect(m).toEqual({
      tracking_number: 'TRACKING #',
      email: 'E-Mail Address',
      weight: 'Weight (lbs)',
      house_awb: 'HAWB',
      pieces: 'Qty',
      consignee: 'Name',
    });
    // "Suite No" is not a name this knows: the clerk chooses it, and a chosen column wins over a guess.
    expect(guessMapping(['Tracking', 'Suite No', 'Box'], { mailbox_number: 'Suite No' }).mailbox_number).toBe(
      'Suite No',
    );
    expect(guessMapping(['Tracking', 'Weight'], { weight: '' }).weight).toBeUndefined();
  });

  it('reads rows by the mapping, with a BOM, quotes and blank lines; refuses a file without a tracking column', () => {
    const { rows, headers } = readCsv('\uFEFFTracking,Value\n"1Z 999","$1,200.50"\n\n1Z998,3\n');
    expect(headers).toEqual(['Tracking', 'Value']);
    expect(rows).toEqual([
      { row: 1, values: { tracking_number: '1Z 999', value: '$1,200.50' } },
      { row: 2, values: { tracking_number: '1Z998', value: '3' } },
    ]);
    expect(() => readCsv('Foo,Bar\n1,2')).toThrow(ApiError);
    const fieldErrors = (csv: string) => {
      try {
        readCsv(csv);
      } catch (e) {
        return (e as ApiError).errors;
      }
      return undefined;
    };
    expect(fieldErrors('Tracking\n')?.csv?.[0]).toMatch(/no rows/);
  });
});

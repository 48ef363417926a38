import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { importFields } from '../../../contract/intake';
import { invalidCsv, TEMPLATE_HEADERS, templateCsv } from './import-csv';

describe('the import screen’s files', () => {
  it('the template has one column per field the import reads, and no row that could be imported', () => {
    const parsed = Papa.parse<string[]>(templateCsv(), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toEqual(importFields.map((f) => TEMPLATE_HEADERS[f]));
    expect(parsed[0]).toContain('Weight (lb)');
  });

  it('the invalid rows come back in the file’s own columns, with the reason', () => {
    const csv = invalidCsv({
      headers: ['Tracking #', 'Weight (lbs)'],
      mapping: { tracking_number: 'Tracking #', weight: 'Weight (lbs)' },
      valid: 1,
      invalid: 1,
      rows: [
        {
          row: 1,
          valid: true,
          errors: [],
          tracking_number: 'A',
          customer: null,
          consignee: '',
          prealert_id: null,
          values: {},
        },
        {
          row: 2,
          valid: false,
          errors: ['weight: “heavy” is not a number'],
          tracking_number: 'B',
          customer: null,
          consignee: '',
          prealert_id: null,
          values: { tracking_number: 'B', weight: 'heavy' },
        },
      ],
    });
    expect(csv.split(/\r?\n/)).toEqual([
      'Tracking #,Weight (lbs),Problem',
      'B,heavy,weight: “heavy” is not a number',
    ]);
  });
});

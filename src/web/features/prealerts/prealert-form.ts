import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { type packageTypes, prealertFieldsSchema } from '../../../contract/packages';
import { validateFileSet } from '../../lib/upload/file-rules';
import type { PrealertData } from './api';

/** What the form holds: plain data, the fields as typed plus the chosen files. */
export interface PrealertFormValues {
  tracking_number: string;
  seller_name: string;
  description: string;
  weight: number | string;
  value: number | string;
  package_type: string | null;
  height: number | string;
  length: number | string;
  width: number | string;
  files: File[];
}

export const emptyPrealert = (): PrealertFormValues => ({
  tracking_number: '',
  seller_name: '',
  description: '',
  weight: '',
  value: '',
  package_type: null,
  height: 0,
  length: 0,
  width: 0,
  files: [],
});

/** The package types' names, translated when the form draws its list. */
export const PACKAGE_TYPE_LABELS: Record<(typeof packageTypes)[number], MessageDescriptor> = {
  parcel: msg`Parcel`,
  envelope: msg`Envelope`,
  box: msg`Box`,
  pallet: msg`Pallet`,
  barrel: msg`Barrel`,
  other: msg`Other`,
};

/** The contract's field rules plus the file rules (1–5 files, each of an accepted type and ≤ 10 MB). */
export const prealertFormSchema = prealertFieldsSchema.extend({
  files: z.array(z.instanceof(File)).superRefine((files, ctx) => {
    const problem = validateFileSet(files);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** Splits valid form values into the normalised fields and the files. */
export function toSubmission(values: PrealertFormValues): { fields: PrealertData; files: File[] } {
  const { files, ...fields } = prealertFormSchema.parse(values);
  return { fields, files };
}

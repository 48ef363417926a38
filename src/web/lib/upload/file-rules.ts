import { t } from '@lingui/core/macro';
import { FILE_MAX_BYTES, FILE_TYPES, FILES_MAX } from '../../../contract/constants';
import { activeLocale } from '../../../contract/i18n';
import { intlLocale } from '../../../contract/locales';

/** The contract's file rules, as the picker and the messages state them. */
export const FILE_RULES = {
  maxBytes: FILE_MAX_BYTES,
  maxFiles: FILES_MAX,
  typeNames: Object.values(FILE_TYPES),
} as const;

/** Extensions per type: browsers often give HEIC files no MIME type, so the extension decides then. */
const EXTENSIONS: Record<keyof typeof FILE_TYPES, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic', '.heif'],
};

/** The `accept` attribute of the file input. */
export const FILE_ACCEPT = [...Object.keys(EXTENSIONS), ...Object.values(EXTENSIONS).flat()].join(',');

const ENGLISH_TYPE_LIST = (() => {
  const names = [...FILE_RULES.typeNames];
  const last = names.pop();
  return `${names.join(', ')} or ${last}`;
})();

/** "PDF, JPEG, PNG or WebP" in the current language (Intl joins the names with its own "or"). */
const typeList = () =>
  activeLocale() === 'en'
    ? ENGLISH_TYPE_LIST
    : new Intl.ListFormat(intlLocale(activeLocale()), { type: 'disjunction' }).format(FILE_RULES.typeNames);

const maxMb = FILE_MAX_BYTES / 1024 / 1024;

/** The file fields' hint, in the current language. */
export const fileHint = () => {
  const types = typeList();
  return t`${types}; up to ${FILES_MAX} files, ${maxMb} MB each.`;
};

/** Why a file is refused, in the current language. */
export const fileMessages = {
  type: (name: string) => {
    const types = typeList();
    return t`${name} is not a ${types} file`;
  },
  size: (name: string) => t`${name} is larger than ${maxMb} MB`,
  empty: (name: string) => t`${name} is empty`,
  get count() {
    return t`Attach at most ${FILES_MAX} files`;
  },
  duplicate: (name: string) => t`${name} is already attached`,
  get required() {
    return t`Attach the invoice or receipt (PDF or photo)`;
  },
};

export function isAcceptedType(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type && type in EXTENSIONS) return true;
  if (type && type !== 'application/octet-stream') return type === 'image/heif';
  const name = file.name.toLowerCase();
  return Object.values(EXTENSIONS).some((exts) => exts.some((ext) => name.endsWith(ext)));
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds newly picked files to those already chosen: every file that breaks a rule is refused with its own message,
 * and files beyond the count limit are refused as a group.
 */
export function addFiles(
  current: readonly File[],
  incoming: readonly File[],
): { files: File[]; errors: string[] } {
  const files = [...current];
  const errors: string[] = [];
  let overCount = false;
  for (const file of incoming) {
    if (!isAcceptedType(file)) errors.push(fileMessages.type(file.name));
    else if (file.size > FILE_MAX_BYTES) errors.push(fileMessages.size(file.name));
    else if (file.size === 0) errors.push(fileMessages.empty(file.name));
    else if (files.some((f) => sameFile(f, file))) errors.push(fileMessages.duplicate(file.name));
    else if (files.length >= FILES_MAX) overCount = true;
    else files.push(file);
  }
  if (overCount) errors.push(fileMessages.count);
  return { files, errors };
}

/** The form-level check of a chosen set (the picker already refused bad files; this catches the rest). */
export function validateFileSet(files: readonly File[], { required = true } = {}): string | null {
  if (files.length === 0) return required ? fileMessages.required : null;
  if (files.length > FILES_MAX) return fileMessages.count;
  for (const file of files) {
    if (!isAcceptedType(file)) return fileMessages.type(file.name);
    if (file.size > FILE_MAX_BYTES) return fileMessages.size(file.name);
    if (file.size === 0) return fileMessages.empty(file.name);
  }
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

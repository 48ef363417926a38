import { formatRelative } from '../../../contract/format';

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; a date ("Nov 21, 2026") after a week. */
export const relativeTime = (iso: string, now = Date.now()): string => formatRelative(iso, now);

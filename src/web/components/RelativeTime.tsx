import { formatDateTime, formatRelative } from '../../contract/format';

/** "2 hours ago", with the exact time ("Nov 23, 2026, 2:46 PM") on hover and for screen readers' time element. */
export function RelativeTime({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}

import { formatDateTime, formatRelative } from '../../contract/format';

/** "2 hours ago", with the exact time ("Nov 23, 2026, 2:46 PM") on hover and for screen readers' time element. */
export function RelativeTime({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}

/**
 * "Sent 3 days ago · matched yesterday": what happened when, the steps that have not happened (null) left out.
 * Each time shows its exact value on hover.
 */
export function RelativeTimes({ steps }: { steps: [label: string, value: string | null | undefined][] }) {
  const done = steps.filter((s): s is [string, string] => Boolean(s[1]));
  return (
    <>
      {done.map(([label, value], i) => (
        <span key={label}>
          {i > 0 ? ' · ' : ''}
          {label} <RelativeTime value={value} />
        </span>
      ))}
    </>
  );
}

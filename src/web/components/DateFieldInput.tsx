import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

export interface DateFieldProps {
  label: string;
  /** A calendar date, "YYYY-MM-DD"; '' (or nothing) for none. */
  value?: string | undefined;
  onChange: (value: string) => void;
  description?: string;
  placeholder?: string;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  minDate?: string;
  maxDate?: string;
  w?: number | string;
  onBlur?: () => void;
  onFocus?: () => void;
}

/**
 * The calendar field itself (Mantine dates + dayjs), a default export so it is fetched only where a form has one.
 * Typed as "Dec 5, 2026" or "2026-12-05", picked from the calendar, shown as the screens write dates.
 */
export default function DateFieldInput({ value, onChange, minDate, maxDate, ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      minDate={minDate}
      maxDate={maxDate}
      valueFormat="MMM D, YYYY"
      placeholder={props.placeholder ?? 'e.g. Dec 5, 2026'}
      clearable={!props.required}
      clearButtonProps={{ 'aria-label': `Clear ${props.label.toLowerCase()}` }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      previousLabel="Previous month"
      nextLabel="Next month"
      weekendDays={[]}
      hideOutsideDates
      popoverProps={{ position: 'bottom-start' }}
    />
  );
}

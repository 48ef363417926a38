import '@mantine/dates/styles.css';
import { useLingui } from '@lingui/react/macro';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DatesLocale, exampleDate } from './DatesLocale';

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
export default function DateFieldInput(props: DateFieldProps) {
  return <DatesLocale>{(locale) => <Field {...props} locale={locale} />}</DatesLocale>;
}

function Field({ value, onChange, minDate, maxDate, locale, ...props }: DateFieldProps & { locale: string }) {
  const { t } = useLingui();
  const example = exampleDate(locale);
  const label = props.label.toLowerCase();
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      minDate={minDate}
      maxDate={maxDate}
      valueFormat="MMM D, YYYY"
      placeholder={props.placeholder ?? t`e.g. ${example}`}
      clearable={!props.required}
      clearButtonProps={{ 'aria-label': t`Clear ${label}` }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      previousLabel={t`Previous month`}
      nextLabel={t`Next month`}
      weekendDays={[]}
      hideOutsideDates
      popoverProps={{ position: 'bottom-start' }}
    />
  );
}

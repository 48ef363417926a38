import '@mantine/dates/styles.css';
import { useLingui } from '@lingui/react/macro';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DatesLocale } from './DatesLocale';

export interface DateRangeFieldProps {
  /** The field's label; its id also labels the calendar dialog. */
  label: string;
  id: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
  /** No day after this one can be picked (e.g. today, for dates that cannot be in the future). */
  maxDate?: Date;
}

type Range = DatesRangeValue<string>;

/**
 * A list filter's date range (Mantine dates + dayjs): default export, so a screen fetches it lazily. The URL gets the
 * range once both ends are chosen (or it is cleared).
 */
export default function DateRangeField(props: DateRangeFieldProps) {
  return <DatesLocale>{() => <RangeField {...props} />}</DatesLocale>;
}

function RangeField({ label, id, from, to, onChange, maxDate }: DateRangeFieldProps) {
  const { t } = useLingui();
  // The half-picked range lives here until its second end is picked.
  const [range, setRange] = useState<Range>([from ?? null, to ?? null]);
  useEffect(() => setRange([from ?? null, to ?? null]), [from, to]);

  return (
    <DatePickerInput
      type="range"
      // Popover labels its dialog by its own id: make that id the field label's, so the calendar reads the label.
      id={id}
      label={label}
      placeholder={t`Any date`}
      value={range}
      onChange={(next) => {
        const [start, end] = next as Range;
        setRange([start, end]);
        if ((start && end) || (!start && !end)) onChange({ from: start ?? undefined, to: end ?? undefined });
      }}
      onDropdownClose={() => {
        // Closed with only a start picked: forget it, the URL still holds the last complete range.
        if (range[0] && !range[1]) setRange([from ?? null, to ?? null]);
      }}
      clearable
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      maxDate={maxDate}
      weekendDays={[]}
      popoverProps={{ position: 'bottom-start', id: `${id}-label` }}
      previousLabel={t`Previous month`}
      nextLabel={t`Next month`}
      hideOutsideDates
      clearButtonProps={{ 'aria-label': t`Clear date range` }}
      styles={{
        // Mantine's placeholder grey is below 4.5:1 on white.
        placeholder: { color: 'var(--mantine-color-dimmed)' },
        input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
      }}
    />
  );
}

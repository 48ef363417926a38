import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export interface DateRangeFieldProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

type Range = DatesRangeValue<string>;
const DIALOG_ID = 'invoice-date-range';

/** The issue-date range (Mantine dates), loaded only by the invoice list. */
export default function DateRangeField({ from, to, onChange }: DateRangeFieldProps) {
  // The half-picked range lives here; the URL gets it once both ends are chosen (or it is cleared).
  const [range, setRange] = useState<Range>([from ?? null, to ?? null]);
  useEffect(() => setRange([from ?? null, to ?? null]), [from, to]);
  return (
    <DatePickerInput
      type="range"
      // Popover labels its dialog by its own id: make that id the field label's, so the calendar reads "Issued".
      id={DIALOG_ID}
      label="Issued between"
      placeholder="Any date"
      value={range}
      onChange={(next) => {
        const [start, end] = next as Range;
        setRange([start, end]);
        if ((start && end) || (!start && !end)) onChange({ from: start ?? undefined, to: end ?? undefined });
      }}
      onDropdownClose={() => {
        if (range[0] && !range[1]) setRange([from ?? null, to ?? null]);
      }}
      clearable
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      weekendDays={[]}
      popoverProps={{ position: 'bottom-start', id: `${DIALOG_ID}-label` }}
      previousLabel="Previous month"
      nextLabel="Next month"
      hideOutsideDates
      clearButtonProps={{ 'aria-label': 'Clear date range' }}
      styles={{
        placeholder: { color: 'var(--mantine-color-dimmed)' },
        input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
      }}
    />
  );
}

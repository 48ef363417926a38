import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './PackageHistory.module.css';

export interface DateRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

type Range = DatesRangeValue<string>;

const DIALOG_ID = 'package-date-range';

/** The date-range picker (Mantine dates + dayjs), fetched only by the screen that filters by date. */
export default function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  // The half-picked range lives here; the URL gets it once both ends are chosen (or it is cleared).
  const [range, setRange] = useState<Range>([from ?? null, to ?? null]);
  useEffect(() => setRange([from ?? null, to ?? null]), [from, to]);

  return (
    <DatePickerInput
      type="range"
      // Popover labels its dialog by its own id: make that id the field label's, so the calendar reads "Date range".
      id={DIALOG_ID}
      label="Date range"
      placeholder="Any date"
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
      maxDate={new Date()}
      weekendDays={[]}
      popoverProps={{ position: 'bottom-start', id: `${DIALOG_ID}-label` }}
      previousLabel="Previous month"
      nextLabel="Next month"
      hideOutsideDates
      clearButtonProps={{ 'aria-label': 'Clear date range' }}
      // Mantine's placeholder grey is below 4.5:1 on white.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      classNames={{ input: classes.rangeInput }}
    />
  );
}

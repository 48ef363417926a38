import { Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './DateFieldInput';
import type { DateRangeFieldProps } from './DateRangeField';

export type { DateFieldProps };

// The calendars (Mantine dates + dayjs) are fetched only by the screens that show one.
const DateFieldInput = lazy(() => import('./DateFieldInput'));
const DateRangeField = lazy(() => import('./DateRangeField'));

/**
 * A date field that writes dates as every screen does ("Dec 5, 2026"), never as the browser's locale would
 * ("12/05/2026"): the browser's own date input follows the device, not the company. Its value is "YYYY-MM-DD".
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextInput label={props.label} description={props.description} w={props.w} disabled readOnly />
      }
    >
      <DateFieldInput {...props} />
    </Suspense>
  );
}

/** A list filter's date range, in the URL once both ends are picked. */
export function DateRange(props: DateRangeFieldProps) {
  return (
    <Suspense
      fallback={
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {props.label}
          </Text>
          <Skeleton h={36} />
        </Stack>
      }
    >
      <DateRangeField {...props} />
    </Suspense>
  );
}

import type { DutyCalculatorBody } from '../../../contract/duty';
import { useChange } from '../../lib/use-change';
import { estimateCost } from './api';

/** An estimate changes nothing on the server: a POST only because it takes a body. */
export const useEstimate = () =>
  useChange({ mutationFn: (body: DutyCalculatorBody) => estimateCost(body), changes: [] });

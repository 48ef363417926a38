import { describe, expect, it } from 'vitest';
import { classifyLookup, parseCounterSearch, toCounterUrl } from './search';

describe('counter search', () => {
  it('reads a mailbox number (with or without its prefix) as a mailbox, anything else as a scanned label', () => {
    expect(classifyLookup(' IEX-10234 ')).toEqual({ mailbox: 'IEX-10234' });
    expect(classifyLookup('10234')).toEqual({ mailbox: '10234' });
    expect(classifyLookup('iex 10234')).toEqual({ mailbox: 'iex 10234' });
    expect(classifyLookup('1Z999AA10123456784')).toEqual({ tracking: '1Z999AA10123456784' });
    expect(classifyLookup('9400111899223344556677')).toEqual({ tracking: '9400111899223344556677' });
    expect(classifyLookup('   ')).toEqual({});
  });

  it('reads a pickup pass code (any case, spaced or dashed) or a scanned pass link as a pass', () => {
    expect(classifyLookup(' 7kqm-3xhp ')).toEqual({ pass: '7kqm-3xhp' });
    expect(classifyLookup('7KQM3XHP')).toEqual({ pass: '7KQM3XHP' });
    const link = 'https://portal.example/pass/_2sXtTzvyOnw-UO5kQrnTAE5UVF5YiP6';
    expect(classifyLookup(link)).toEqual({ pass: link });
    // O and 1 are never in a code: a label.
    expect(classifyLookup('7KQM-3XO1')).toEqual({ tracking: '7KQM-3XO1' });
    expect(parseCounterSearch({ pass: '7KQM-3XHP' }).pass).toBe('7KQM-3XHP');
    expect(toCounterUrl({ pass: '7KQM-3XHP', tab: 'counter' })).toEqual({ pass: '7KQM-3XHP' });
  });

  it('keeps one lookup in the URL, the tab and a valid day; drops the rest', () => {
    expect(parseCounterSearch({ mailbox: 'IEX-1', tracking: 'X1', tab: 'nope', date: '2026-13' })).toEqual({
      mailbox: 'IEX-1',
      tracking: undefined,
      pass: undefined,
      tab: 'counter',
      date: undefined,
    });
    expect(parseCounterSearch({ tracking: 12345678901, tab: 'closeout', date: '2026-11-20' })).toEqual({
      mailbox: undefined,
      tracking: '12345678901',
      pass: undefined,
      tab: 'closeout',
      date: '2026-11-20',
    });
    expect(toCounterUrl({ mailbox: 'IEX-1', tracking: 'X', tab: 'counter' })).toEqual({ mailbox: 'IEX-1' });
    expect(toCounterUrl({ tracking: 'X', tab: 'closeout', date: '2026-11-20' })).toEqual({
      tracking: 'X',
      tab: 'closeout',
      date: '2026-11-20',
    });
  });
});

/**
 * Right-to-left text for pdfkit, which lays a string out in one direction: fontkit shapes an Arabic string (joined
 * letter forms) and reverses it whole, which is right for Arabic words and wrong for what sits inside them: an
 * invoice number, an amount or a date would come out backwards ("INV-1001" as "1001-VNI"). So a line with Arabic in
 * it is cut into runs, drawn one by one in visual order (a simplified Unicode bidi for a right-to-left line):
 * Latin letters and digits keep their own order, Arabic runs are left to fontkit, neutrals (spaces, punctuation)
 * between two left-to-right characters stay with them and go with the Arabic otherwise.
 */
const ARABIC = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const STRONG_LTR = /[A-Za-z0-9\u00c0-\u024f]/;
/** Signs that belong to the number beside them: "$12.00", "-5", "10%", "#3". */
const NUMBER_SIGN = /[$€£¥%#+\-–]/;
const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '«': '»', '»': '«' };

export const hasRtl = (s: string): boolean => ARABIC.test(s);

export type BidiRun = { text: string; rtl: boolean };

/** The runs of a right-to-left line in the order they are drawn, left to right. */
export function visualRuns(s: string): BidiRun[] {
  const chars = [...s];
  const kind = chars.map((c) => (ARABIC.test(c) ? 'R' : STRONG_LTR.test(c) ? 'L' : 'N'));
  const strongAt = (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < kind.length; i += step) if (kind[i] !== 'N') return kind[i];
    return 'R';
  };
  const resolved = kind.map((k, i) => {
    if (k !== 'N') return k;
    const c = chars[i] ?? '';
    if (NUMBER_SIGN.test(c) && (kind[i - 1] === 'L' || kind[i + 1] === 'L')) return 'L';
    // A neutral between two left-to-right characters stays with them ("INV-1001", "J$ 1,200.00").
    return strongAt(i - 1, -1) === 'L' && strongAt(i + 1, 1) === 'L' ? 'L' : 'R';
  });
  const runs: BidiRun[] = [];
  chars.forEach((c, i) => {
    const rtl = resolved[i] === 'R';
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl) last.text += c;
    else runs.push({ text: c, rtl });
  });
  // fontkit reverses a run only when it has Arabic letters in it: a run of neutrals alone is reversed (and its
  // brackets mirrored) here.
  return runs.reverse().map((r) =>
    r.rtl && !ARABIC.test(r.text)
      ? {
          ...r,
          text: [...r.text]
            .reverse()
            .map((c) => MIRROR[c] ?? c)
            .join(''),
        }
      : r,
  );
}

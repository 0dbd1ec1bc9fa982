import { describe, expect, it } from 'vitest';
import { sptResult, sptText, type SptResult } from './spt-result.ts';

const text = (nValue: number | null, fields: Record<string, string>) => sptText(sptResult(nValue, fields));

describe('the result of an SPT test', () => {
  it('reads the rows of real files, whichever fields they fill', () => {
    // 541241b_v2.ags: the test drive stopped after 20 mm; ISPT_NVAL is empty.
    expect(
      text(null, {
        ISPT_SEAT: '25',
        ISPT_MAIN: '50',
        ISPT_NPEN: '60',
        ISPT_REP: '25/50   for 20mm',
        ISPT_INC1: '25',
        ISPT_INC3: '50',
        ISPT_PEN1: '40',
        ISPT_PEN3: '20',
      }),
    ).toBe('50/20 mm');
    // Wigan Depot.ags: 65 blows over 250 mm, reported as « N>50 ».
    const wigan = {
      ISPT_SEAT: '9',
      ISPT_MAIN: '65',
      ISPT_NPEN: '400',
      ISPT_REP: 'N>50 (4,5/8,13,18,26 for 25mm)',
      ISPT_INC1: '4',
      ISPT_INC2: '5',
      ISPT_INC3: '8',
      ISPT_INC4: '13',
      ISPT_INC5: '18',
      ISPT_INC6: '26',
      ISPT_PEN1: '75',
      ISPT_PEN2: '75',
      ISPT_PEN3: '75',
      ISPT_PEN4: '75',
      ISPT_PEN5: '75',
      ISPT_PEN6: '25',
    };
    expect(sptResult(null, wigan)).toEqual({ n: null, refusal: { blows: 65, mm: 250, seating: false } });
    // Hindley Mill: 25 blows for the first 5 mm of the test drive.
    expect(text(null, { ISPT_SEAT: '33', ISPT_MAIN: '25', ISPT_NPEN: '155', ISPT_REP: 'N=25 (8,25/25 for 5mm)' })).toBe(
      '25/5 mm',
    );
    // Glenally Road: the seating drive stopped at 76 mm; no test drive.
    expect(
      text(null, {
        ISPT_SEAT: '75',
        ISPT_NPEN: '376',
        ISPT_REP: '0 (75 for 76mm/,,,)',
        ISPT_INC1: '25',
        ISPT_INC2: '50',
        ISPT_PEN1: '45',
        ISPT_PEN2: '31',
        ISPT_PEN3: '75',
        ISPT_PEN4: '75',
        ISPT_PEN5: '75',
        ISPT_PEN6: '75',
      }),
    ).toBe('75/76 mm (amorçage)');
    // A full test.
    expect(sptResult(12, { ISPT_NPEN: '450', ISPT_REP: 'N=12 (6,4/3,3,3,3)' })).toEqual({ n: 12, refusal: null });
  });

  it('reads a refusal from the reported result alone, as engineers write it', () => {
    expect(text(null, { ISPT_REP: '50 (25 for 95mm/50 for 70mm)' })).toBe('50/70 mm');
    expect(text(null, { ISPT_REP: '50/165 mm' })).toBe('50/165 mm');
    expect(text(null, { ISPT_REP: 'N=50/75mm' })).toBe('50/75 mm');
    expect(text(null, { ISPT_REP: '50 pour 165 mm' })).toBe('50/165 mm');
    expect(text(null, { ISPT_REP: 'N>50 (6,12/26,29,0 for 0mm)' })).toBe('55/150 mm');
    expect(text(null, { ISPT_REP: 'N>50' })).toBe('> 50');
    expect(text(null, { ISPT_REP: 'N=7 (1,1/1,2,2,2)' })).toBe('7');
    expect(text(null, { ISPT_REP: 'N = 18' })).toBe('18');
    // What is not a result stays unknown rather than guessed.
    expect(text(null, { ISPT_REP: 'voir remarque' })).toBe('—');
    expect(text(null, {})).toBe('—');
  });

  it('takes the N value written when only it and the total penetration are known', () => {
    expect(sptResult(50, { ISPT_NPEN: '250' })).toEqual({ n: 50, refusal: { blows: 50, mm: 100, seating: false } });
    expect(sptResult(31, { ISPT_NPEN: '450' })).toEqual({ n: 31, refusal: null });
    expect(sptResult(31, {})).toEqual({ n: 31, refusal: null });
  });

  // Tests drawn at random, then written as each kind of file writes them: every writing must give
  // the same result as the test itself. None of these was looked at while writing the reader.
  it('gives the same result for a test however its file writes it', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % below;
    };
    for (let round = 0; round < 400; round++) {
      // Increments of 75 mm, blows at random; the drive stops when its blows reach the limit.
      const seat: [number, number][] = [];
      const main: [number, number][] = [];
      let stopped: 'seating' | 'test' | null = null;
      let seatBlows = 0;
      for (let i = 0; i < 2 && !stopped; i++) {
        const blows = random(30);
        if (seatBlows < 25 && seatBlows + blows >= 25 && random(4) === 0) {
          seat.push([25 - seatBlows, 1 + random(74)]);
          stopped = 'seating';
        } else seat.push([blows, 75]);
        seatBlows += seat.at(-1)![0];
      }
      let mainBlows = 0;
      for (let i = 0; i < 4 && !stopped; i++) {
        const blows = random(20);
        if (mainBlows + blows >= 50) {
          main.push([50 - mainBlows, random(75)]);
          stopped = 'test';
        } else main.push([blows, 75]);
        mainBlows += main.at(-1)![0];
      }
      const mm = (drive: [number, number][]) => drive.reduce((total, [, pen]) => total + pen, 0);
      const blows = (drive: [number, number][]) => drive.reduce((total, [count]) => total + count, 0);
      const expected: SptResult =
        stopped === 'seating'
          ? { n: null, refusal: { blows: blows(seat), mm: mm(seat), seating: true } }
          : stopped === 'test'
            ? { n: null, refusal: { blows: blows(main), mm: mm(main), seating: false } }
            : { n: blows(main), refusal: null };
      const uk = (drive: [number, number][]) =>
        drive.map(([count, pen]) => (pen === 75 ? `${count}` : `${count} for ${pen}mm`)).join(',');
      const report = `${stopped ? `N>50` : `N=${blows(main)}`} (${uk(seat)}/${uk(main)})`;
      const increments = Object.fromEntries([
        ...seat.flatMap(([count, pen], i) => [
          [`ISPT_INC${i + 1}`, String(count)],
          [`ISPT_PEN${i + 1}`, String(pen)],
        ]),
        ...main.flatMap(([count, pen], i) => [
          [`ISPT_INC${i + 3}`, String(count)],
          [`ISPT_PEN${i + 3}`, String(pen)],
        ]),
      ]) as Record<string, string>;
      const totals = {
        ISPT_SEAT: String(blows(seat)),
        ...(stopped === 'seating' ? {} : { ISPT_MAIN: String(blows(main)) }),
        ISPT_NPEN: String(mm(seat) + mm(main)),
      };
      const nValue = stopped ? null : blows(main);
      const writings: Record<string, string>[] = [
        { ...totals, ...increments, ISPT_REP: report },
        { ...totals, ...increments },
        { ...increments },
        { ISPT_REP: report },
      ];
      for (const fields of writings) expect(sptResult(nValue, fields), JSON.stringify(fields)).toEqual(expected);
    }
  });
});

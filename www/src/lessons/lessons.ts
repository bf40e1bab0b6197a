// The lessons (issue 19): a short guided path through the gallery for a newcomer, in the seeds'
// order — regular joins and their changelog, window joins and watermarks, late rows, interval
// joins, temporal joins, lookup joins, UNNEST, the process table function. Each lesson is one
// example and one question about its next step ("what comes out?"): the learner picks, then
// steps and sees. The right answer of each is written by hand from the join's semantics (the
// explanation says which); tests/e2e/lessons.spec.ts checks every choice against the engine's
// output at that step, so a lesson can never teach a wrong row.

export interface Choice {
  /** What the learner reads. */
  text: string;
  /** The rows this choice says come out at the step (`+I[…]` as the changelog prints them). */
  rows: string[];
}

export interface Lesson {
  id: string;
  title: string;
  /** The gallery example (www/examples/NAME.sql). */
  example: string;
  /** The step the question is about: the lesson opens at the step before it. */
  step: number;
  /** What to look at before answering. */
  prompt: string;
  choices: Choice[];
  /** Index of the right choice. */
  answer: number;
  /** Why, in a few sentences. */
  why: string;
}

export const LESSONS: Lesson[] = [
  {
    id: 'regular-changelog',
    title: 'Regular joins keep every row',
    example: '12_regular_join_kinds',
    step: 8,
    prompt: 'Two orders of product 10 have joined "Apple". Now Product +I[10, Green Apple] arrives (Product has no primary key). What comes out?',
    choices: [
      { text: 'Nothing: the new product row replaces the old one quietly', rows: [] },
      { text: 'Both orders join the new row: +I[1, 2, 10, Green Apple] and +I[2, 7, 10, Green Apple]', rows: ['+I[1, 2, 10, Green Apple]', '+I[2, 7, 10, Green Apple]'] },
      { text: 'The old rows are updated: -U[1, 2, 10, Apple], +U[1, 2, 10, Green Apple], -U[2, 7, 10, Apple], +U[2, 7, 10, Green Apple]', rows: ['-U[1, 2, 10, Apple]', '+U[1, 2, 10, Green Apple]', '-U[2, 7, 10, Apple]', '+U[2, 7, 10, Green Apple]'] },
    ],
    answer: 1,
    why: 'A regular join stores every row of both sides for ever (unless state TTL removes it). Without a primary key the new row is just another row of key 10, so it joins each stored order of that key: two new +I rows, and the Apple rows stay in the result.',
  },
  {
    id: 'window-watermark',
    title: 'Window joins wait for the watermark',
    example: '09_late_rows',
    step: 4,
    prompt: 'L1 and R1 (key 1) sit in the window [12:00, 12:05). LeftTable’s watermark is 12:05:30. Now RightTable +I[12:07, 2, R2] arrives and raises RightTable’s watermark to 12:06. What comes out?',
    choices: [
      { text: 'Nothing: R2 has no partner yet', rows: [] },
      { text: 'The first window fires: +I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]', rows: ['+I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]'] },
      { text: 'R2 joins L2 at once: +I[L2, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000]', rows: ['+I[L2, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000]'] },
    ],
    answer: 1,
    why: 'A window join emits a window only when the join’s watermark — the smaller of its inputs’ — passes the window’s end − 1 ms. R2 lifts it from 12:01 to 12:05:30 (LeftTable’s), past 12:04:59.999: [12:00, 12:05) fires with L1 and R1. L2 and R2 wait in [12:05, 12:10).',
  },
  {
    id: 'late-rows',
    title: 'Late rows are dropped',
    example: '09_late_rows',
    step: 5,
    prompt: 'The window [12:00, 12:05) has fired. Now LeftTable +I[12:03, 1, L1late] arrives: key 1, in that window, where R1 is. What comes out?',
    choices: [
      { text: 'It joins R1: +I[L1late, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]', rows: ['+I[L1late, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]'] },
      { text: 'Nothing: its window has fired, the row is late and dropped', rows: [] },
      { text: 'The window is emitted again, corrected: -U and +U rows', rows: ['-U[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]', '+U[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]'] },
    ],
    answer: 1,
    why: 'Once a window has fired its state is gone, and a window join never revises what it emitted: a row that arrives for a fired window is late, and the join drops it (the timeline marks it). Raise the watermark delay (WATERMARK … - INTERVAL) to let such rows in.',
  },
  {
    id: 'interval-out-of-order',
    title: 'Interval joins: an out-of-order row still joins',
    example: '21_interval_orders_shipments',
    step: 7,
    prompt: 'Shipment 4 (12:00) is held. Now orders +I[4, 09:00] arrives, behind the orders watermark (10:19:55). An order joins the shipments of its id shipped within 4 hours after it. What comes out?',
    choices: [
      { text: 'Nothing: the order is behind the watermark, so it is dropped', rows: [] },
      { text: 'It joins the shipment held: +I[4, 2024-01-01 09:00:00.000, 4, 2024-01-01 12:00:00.000]', rows: ['+I[4, 2024-01-01 09:00:00.000, 4, 2024-01-01 12:00:00.000]'] },
    ],
    answer: 1,
    why: 'An interval join drops no row for being behind the watermark: the order probes the shipments held in its time range (09:00 to 13:00) and joins shipment 4. It is even kept for shipments yet to come, since the join’s time (10:19:55, the smaller watermark) has not passed 13:00.',
  },
  {
    id: 'temporal-as-of',
    title: 'Temporal joins: the version at the row’s time',
    example: '28_temporal_delete_reinsert',
    step: 3,
    prompt: 'Order o1 (10:01, EUR) waits in the join’s state; the EUR rate is 1.10 since 10:00. Now rates -D[EUR, 1.1000, 10:02] arrives: EUR is deleted from 10:02. What comes out?',
    choices: [
      { text: 'Nothing: EUR is deleted, o1 finds no rate', rows: [] },
      { text: 'o1 joins the rate valid at 10:01: +I[o1, 1.1000, 2024-01-01 10:00:00.000]', rows: ['+I[o1, 1.1000, 2024-01-01 10:00:00.000]'] },
    ],
    answer: 1,
    why: 'FOR SYSTEM_TIME AS OF o.order_time joins the version valid at the order’s time. The delete raises the join’s watermark to 10:01 (the orders’), which releases o1 against the version valid at 10:01 — 1.10; the delete only counts from 10:02 on.',
  },
  {
    id: 'lookup-now',
    title: 'Lookup joins see the table as it is now',
    example: '42_lookup_join_customers',
    step: 8,
    prompt: 'Order 101 of customer 2 joined Bob earlier. Then customers -D[2, Bob, gold] deleted Bob. Now orders +I[103, 2, 40] arrives. What comes out?',
    choices: [
      { text: '+I[103, 40, Bob, gold]: the join remembers Bob', rows: ['+I[103, 40, Bob, gold]'] },
      { text: 'Nothing: the lookup finds no customer 2, and the inner join drops the order', rows: [] },
      { text: '+I[103, 40, NULL, NULL]: the order padded with NULLs', rows: ['+I[103, 40, NULL, NULL]'] },
    ],
    answer: 1,
    why: 'A lookup join keeps no state of its own: each order looks the customers table up as it is when the order arrives. Bob is gone, so the INNER lookup finds nothing and emits nothing (a LEFT one would pad). Earlier results are never revised.',
  },
  {
    id: 'unnest-empty',
    title: 'UNNEST: an empty array gives no row',
    example: '33_unnest_left_empty_null',
    step: 2,
    prompt: 'CROSS JOIN UNNEST(tags) gave o1 one row per tag. Now orders +I[o2, []] arrives, with an empty array. What comes out?',
    choices: [
      { text: '+I[o2, NULL]: one row with a NULL tag', rows: ['+I[o2, NULL]'] },
      { text: 'Nothing: there is no element to join', rows: [] },
    ],
    answer: 1,
    why: 'CROSS JOIN UNNEST joins each row with each element of its array: no element, no row. LEFT JOIN UNNEST(…) ON TRUE would keep o2 with a NULL tag (the example’s second query).',
  },
  {
    id: 'ptf-rollover',
    title: 'A process table function decides what to emit, and when',
    example: '35_ptf_sensor_fusion_as_written',
    step: 9,
    prompt: 'The rows arrive as written: all 15 temperatures first, then the humidities. No humidity has arrived yet. Now temperature_readings +I[M1, 70.0, 09:05:10] arrives: M1’s first reading after 09:05. What comes out?',
    choices: [
      { text: 'Nothing: SensorFusionPtf waits for the humidity rows', rows: [] },
      { text: 'M1’s window [09:00, 09:05) rolls forward without humidity: +I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]', rows: ['+I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]'] },
      { text: 'M1’s window rolls forward and the machine is flagged: +I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE]', rows: ['+I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE]'] },
    ],
    answer: 1,
    why: 'The function keeps a 5-minute window per machine in its state; a reading after the window’s end rolls it forward, and the window left behind is emitted with whatever its lists hold: no humidity yet (its median is NaN, not over 80), so no alert (FALSE). It does not wait for the other table — which is why the order the rows arrive in matters (compare the tutorial’s own order, example 11).',
  },
];

/** Where a learner's progress is kept (the ids of the lessons answered right). */
export const PROGRESS_KEY = 'joinlab.lessons.v1';

export function loadProgress(): Set<string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function saveProgress(done: Set<string>): void {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify([...done]));
  } catch {
    // storage full or blocked: the lesson still works, progress is not kept
  }
}

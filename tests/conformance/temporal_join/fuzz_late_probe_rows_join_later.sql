-- §4.4, the oracle's reading: a LATE probe row (time <= combined watermark on arrival) is NOT
-- dropped (release TemporalRowTimeJoinOperator; the master-era V2 drops it and counts
-- numLateRecordsDropped). It is stored and joined at the NEXT watermark advance against what
-- cleanup left. Key 1: p2 (10:00:05, late: wm is 10:00:10) gets r=1 (version @00 is the newest
-- <= wm, so it survives cleanup), emitted at step 14, not at its arrival (step 10). p4 has time ==
-- wm (also "late" in the master reading) and is emitted only at the end of input.
-- Cleanup is PER KEY and lazy: it runs only when that key's timer fires. Key 3 fired at wm 10
-- (q2 @09), which dropped version @00 (the newest <= 10 is @08), so q-late (10:00:05) gets NULL
-- (LEFT) / nothing (INNER) although r=31 was valid at 10:00:05 (as e1's o7). Key 4 fired only
-- at wm 06, so its version @00 is still there and the equally late s-late (10:00:05) gets r=41.
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 1 | 2024-01-01 10:00:00
@R 3 | 31 | 2024-01-01 10:00:00
@R 4 | 41 | 2024-01-01 10:00:00
@R +U 3 | 32 | 2024-01-01 10:00:08
@R +U 4 | 42 | 2024-01-01 10:00:08
@P s1 | 4 | 2024-01-01 10:00:06
@P q2 | 3 | 2024-01-01 10:00:09
@P p1 | 1 | 2024-01-01 10:00:10
@R 2 | 2 | 2024-01-01 10:00:10
@P p2 | 1 | 2024-01-01 10:00:05
@P q-late | 3 | 2024-01-01 10:00:05
@P s-late | 4 | 2024-01-01 10:00:05
@R 2 | 3 | 2024-01-01 10:00:20
@P p3 | 1 | 2024-01-01 10:00:20
@P p4 | 1 | 2024-01-01 10:00:20
SELECT P.id, R.r, P.t FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
SELECT P.id, R.r, P.t FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;

-- Updating probe (retract changelog): each output row has the probe row's kind (-U / +U / -D)
-- and is emitted when the combined watermark passes the probe row's own time. The -D of o1
-- carries 10:00:12, which equals the probe watermark already reached: it is late and waits for
-- the next advance -- here the end of input (unbounded mode would never emit it).
CREATE TABLE P (id STRING, k INT, v INT, t TIMESTAMP(3), WATERMARK FOR t AS t) WITH ('changelog-mode' = 'retract');
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 10 | 2024-01-01 10:00:00
@P o1 | 1 | 0 | 2024-01-01 10:00:05
@R +U 1 | 11 | 2024-01-01 10:00:10
@P -U o1 | 1 | 0 | 2024-01-01 10:00:05
@P +U o1 | 1 | 1 | 2024-01-01 10:00:12
@R +U 1 | 12 | 2024-01-01 10:00:20
@P -D o1 | 1 | 1 | 2024-01-01 10:00:12
@R +U 1 | 13 | 2024-01-01 10:00:30
SELECT P.id, P.v, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;

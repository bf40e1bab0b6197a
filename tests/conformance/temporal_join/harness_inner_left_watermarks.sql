-- TemporalRowTimeJoinOperatorTest T-1/T-2 (SEMANTICS.md §10.4) with explicit watermarks per input: probe rows fire only when both watermarks pass them; -U then +U at the same time overwrite; a -D version ends the key (LEFT pads 5a11).
SET 'joinlab.watermark-emit' = 'on-marker';
CREATE TABLE l (t TIMESTAMP(3), k STRING, v STRING, WATERMARK FOR t AS SOURCE_WATERMARK()) WITH ('changelog-mode' = 'retract');
CREATE TABLE r (t TIMESTAMP(3), k STRING, v STRING, WATERMARK FOR t AS SOURCE_WATERMARK(), PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'retract');
@watermark * 1970-01-01 00:00:00
@l 1970-01-01 00:00:00.001 | k1 | 1a1
@r 1970-01-01 00:00:00.002 | k1 | 1a2
@watermark * 1970-01-01 00:00:00.002
@l 1970-01-01 00:00:00.003 | k1 | 1a3
@r 1970-01-01 00:00:00.004 | k2 | 2a4
@watermark * 1970-01-01 00:00:00.005
@l 1970-01-01 00:00:00.006 | k2 | 2a3
@r -U 1970-01-01 00:00:00.007 | k2 | 2a4
@r +U 1970-01-01 00:00:00.007 | k2 | 2a5
@watermark l 1970-01-01 00:00:00.008
@watermark r 1970-01-01 00:00:00.009
@l 1970-01-01 00:00:00.009 | k2 | 5a11
@l 1970-01-01 00:00:00.011 | k2 | 5a12
@r -D 1970-01-01 00:00:00.009 | k2 | 2a5
@r 1970-01-01 00:00:00.010 | k2 | 2a6
@watermark l 1970-01-01 00:00:00.013
@watermark r 1970-01-01 00:00:00.013
SELECT * FROM l JOIN r FOR SYSTEM_TIME AS OF l.t AS rr ON l.k = rr.k;
SELECT * FROM l LEFT JOIN r FOR SYSTEM_TIME AS OF l.t AS rr ON l.k = rr.k;

-- errors: loose, Flink's message carries planner ids (rel#7744) that change from run to run
-- A join equating two TIMESTAMP_LTZ columns and comparing one of them with a TIMESTAMP_LTZ constant on a side the condition may filter fails in Flink 2.3's planner (Literal type TIMESTAMP_WITH_LOCAL_TIME_ZONE is not supported!); the other queries run (fuzz finding).
CREATE TABLE A (k INT, id STRING, t TIMESTAMP_LTZ(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP_LTZ(3), WATERMARK FOR t AS t);
CREATE TABLE C (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE D (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:00:00Z
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k AND A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k AND B.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND A.t = B.t AND A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t > A.t AND A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A WHERE A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT C.id, D.id FROM C LEFT JOIN D ON C.k = D.k AND C.t = D.t AND C.t >= TIMESTAMP '2024-01-01 10:00:00';
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND A.t = B.t AND A.t >= TIMESTAMP '2024-01-01 10:00:00';
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k AND A.t = B.t AND A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k WHERE A.t >= TO_TIMESTAMP_LTZ(1704103500000, 3);

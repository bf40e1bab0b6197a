-- What an interval join's output carries: both inputs' time attributes stay time attributes (the
-- sink CASTs them when there are several; one alone keeps *ROWTIME*), so another interval join can
-- follow one; its output watermark is held back by the larger bound, which shows in when the
-- second join pads. Also an interval join after a regular join (the regular join materialises the
-- time attributes: no interval join there, a regular join with a residual condition) and a regular
-- join after an interval join.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE C (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:00:00
@B 1 | b1 | 2024-01-01 10:05:00
@C 1 | c1 | 2024-01-01 10:06:00
@A 2 | a2 | 2024-01-01 10:10:00
@B 2 | b2 | 2024-01-01 10:12:00
@C 2 | c2 | 2024-01-01 10:40:00
@A 3 | a3 | 2024-01-01 11:00:00
@B 3 | b3 | 2024-01-01 11:01:00
@C 3 | c3 | 2024-01-01 11:30:00

SELECT A.id, A.t, B.id FROM A JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '10' MINUTE;

SELECT A.id, B.id, B.t, C.id FROM A JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '10' MINUTE
LEFT JOIN C ON B.k = C.k AND C.t BETWEEN B.t AND B.t + INTERVAL '5' MINUTE;

SELECT x.aid, x.bid, C.id FROM (SELECT A.id AS aid, B.id AS bid, A.k, A.t AS a_t FROM A JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '10' MINUTE) x
JOIN C ON x.k = C.k AND C.t BETWEEN x.a_t AND x.a_t + INTERVAL '1' HOUR;

SELECT A.id, B.id, C.id FROM A JOIN B ON A.k = B.k
JOIN C ON B.k = C.k AND C.t BETWEEN B.t AND B.t + INTERVAL '5' MINUTE;

SELECT A.id, B.id, C.id FROM A JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '10' MINUTE
JOIN C ON B.k = C.k;

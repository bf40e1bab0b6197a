-- An ON conjunct on the non-preserved side of a RIGHT interval join filters that input: a row it rejects never probes (fuzz finding).
CREATE TABLE A (k INT, k2 INT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '1' SECOND);
CREATE TABLE B (k INT, k2 INT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '2' SECOND);
@B 2 | 2 | NULL | b0 | 2024-01-01 10:00:05
@B 2 | 1 | 3 | b2 | 2024-01-01 10:00:01.500
@A 2 | 2 | 2 | a3 | 2024-01-01 10:00:06
@B 2 | 2 | 1 | b9 | 2024-01-01 10:00:08.500
@A 2 | 1 | 1 | a13 | 2024-01-01 10:00:08.500
SELECT B.id AS bid, B.t AS b_t, A.id AS aid, A.t AS a_t
FROM A RIGHT JOIN B
ON A.v > 1 AND A.t >= B.t - INTERVAL '2' SECOND AND B.t + INTERVAL '3' SECOND >= A.t AND A.k = B.k AND A.v < B.v;

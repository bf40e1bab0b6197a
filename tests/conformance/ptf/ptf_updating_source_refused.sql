-- A PTF's table argument on an updating source: none of the oracle's classes declares
-- SUPPORT_UPDATES, so Flink refuses the plan and names the node producing the updates (the
-- ChangelogNormalize after an upsert source; the scan of a retract source).
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION Median AS 'oracle.udf.Median';
CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';

CREATE TABLE latest_readings (
  sensor_id INT,
  temperature DOUBLE,
  PRIMARY KEY (sensor_id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

CREATE TABLE score_changes (
  name STRING,
  score INT
) WITH ('changelog-mode' = 'retract');

@latest_readings 1 | 10.0
@latest_readings +U 1 | 12.0
@score_changes 'Bob' | 3
@score_changes -U 'Bob' | 3

SELECT * FROM Median(TABLE latest_readings PARTITION BY sensor_id, 2);

SELECT * FROM ScorePtf(input => TABLE score_changes PARTITION BY name);

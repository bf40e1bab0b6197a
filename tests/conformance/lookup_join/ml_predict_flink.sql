-- Apache Flink 2.1+'s model functions ML_PREDICT / ML_EVALUATE (FLIP-437, WAVE2-RESEARCH §4.2):
-- `MODEL m` is a model reference wherever Calcite reads an expression. The flink dialect has no
-- models (Flink needs CREATE MODEL and a model provider; Flink 2.3 ships none), so Flink's
-- validation fails at the model's name, after the input table; outside a model function the name
-- is first resolved as a column ("Object 'q.m' not found", ambiguous, unknown table). A column
-- named `model` stays a column.
CREATE TABLE q (qid INT, model STRING, m STRING, txt STRING);
CREATE TABLE r (rid INT, m STRING);
INSERT INTO q VALUES (10, 'a', 'b', 'x');
SELECT model FROM q;
SELECT qid, model m FROM q;
SELECT * FROM ML_PREDICT(TABLE q, MODEL m, DESCRIPTOR(txt));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL m, DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_PREDICT(INPUT => TABLE q, MODEL => MODEL m, ARGS => DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL nope.x, DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL m));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL m, DESCRIPTOR(txt), MAP['a','b']));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL default_catalog.default_database.m, DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_PREDICT(TABLE nope, MODEL m, DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL m, DESCRIPTOR(nope)));
SELECT * FROM q, LATERAL TABLE(ML_PREDICT(TABLE q, MODEL m, DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_PREDICT(TABLE q, MODEL m
  , DESCRIPTOR(txt)));
SELECT * FROM TABLE(ML_EVALUATE(TABLE q, MODEL m, DESCRIPTOR(txt), DESCRIPTOR(txt)));
SELECT * FROM TABLE(TUMBLE(TABLE q, MODEL m, INTERVAL '1' SECOND));
SELECT qid FROM q WHERE model = MODEL m;
SELECT MODEL m FROM q AS x;
SELECT MODEL m FROM q, r;
SELECT MODEL a.b FROM q;
SELECT MODEL `m` FROM q;
SELECT qid FROM q GROUP BY MODEL m;
SELECT COUNT(MODEL m) FROM q;

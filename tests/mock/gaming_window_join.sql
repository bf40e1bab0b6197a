-- The seed's window join on gaming player activity, on the examples catalog: each player's
-- activity in 1-minute tumbling windows, joined with the game room's activity in the same window.
SET 'joinlab.examples.rows' = '600';
SELECT a.player_id, a.points, b.player_id AS other_player, a.window_start, a.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE examples.gaming.player_activity, DESCRIPTOR($rowtime), INTERVAL '1' MINUTE))) a
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE examples.gaming.player_activity, DESCRIPTOR($rowtime), INTERVAL '1' MINUTE))) b
ON a.game_room_id = b.game_room_id AND a.window_start = b.window_start AND a.window_end = b.window_end AND a.player_id < b.player_id;

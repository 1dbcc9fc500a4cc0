BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0003_web_analyses');
CREATE TABLE cup_results (
	game_id INTEGER NOT NULL, 
	player_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	total INTEGER NOT NULL, 
	place INTEGER NOT NULL, 
	points INTEGER, 
	CONSTRAINT pk_cup_results PRIMARY KEY (game_id, player_id), 
	CONSTRAINT fk_cup_results_game_id_games FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT fk_cup_results_player_id_players FOREIGN KEY(player_id) REFERENCES players (id)
);
INSERT INTO "cup_results" VALUES(1,1,0,850,1,3);
INSERT INTO "cup_results" VALUES(1,2,1,310,3,1);
INSERT INTO "cup_results" VALUES(1,3,2,470,2,2);
INSERT INTO "cup_results" VALUES(1,4,3,-350,4,0);
CREATE TABLE deals (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	attempt INTEGER NOT NULL, 
	block INTEGER NOT NULL, 
	cards INTEGER NOT NULL, 
	kind VARCHAR(12) NOT NULL, 
	dealer INTEGER NOT NULL, 
	trump VARCHAR(1), 
	bids JSON, 
	tricks JSON, 
	house_override BOOLEAN NOT NULL, 
	status VARCHAR(8) NOT NULL, 
	void_reason TEXT, 
	scores JSON, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	CONSTRAINT pk_deals PRIMARY KEY (id), 
	CONSTRAINT fk_deals_game_id_games FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT uq_deals_game_id UNIQUE (game_id, number, attempt)
);
INSERT INTO "deals" VALUES(1,1,1,1,1,1,'normal',3,'H','[0, 0, 0, 0]','[0, 1, 0, 0]',0,'scored',NULL,'[50, 10, 50, 50]','2026-12-02 06:42:36.958170','2026-12-02 06:42:36.977933');
INSERT INTO "deals" VALUES(2,1,2,1,1,2,'normal',0,'N','[1, 1, 0, 1]','[1, 1, 0, 0]',0,'scored',NULL,'[100, 100, 50, -100]','2026-12-02 06:42:37.017112','2026-12-02 06:42:37.019850');
INSERT INTO "deals" VALUES(3,1,3,1,2,3,'normal',1,'S','[1, 1, 0, 0]','[1, 1, 0, 1]',0,'scored',NULL,'[100, 100, 50, 10]','2026-12-02 06:42:37.035803','2026-12-02 06:42:37.037964');
INSERT INTO "deals" VALUES(4,2,1,1,1,1,'normal',3,'D','[1, 0, 0, 1]','[1, 0, 0, 0]',0,'scored',NULL,'[100, 50, 50, -100]','2026-12-02 06:42:37.059284','2026-12-02 06:42:37.061363');
CREATE TABLE entries (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	payload JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_entries PRIMARY KEY (id), 
	CONSTRAINT fk_entries_game_id_games FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE
);
INSERT INTO "entries" VALUES(1,1,'deal','{"deal": 1, "before": null}','2026-12-02 06:42:36.979569');
INSERT INTO "entries" VALUES(2,1,'penalty','{"infringement": 1}','2026-12-02 06:42:37.010695');
INSERT INTO "entries" VALUES(3,1,'deal','{"deal": 2, "before": null}','2026-12-02 06:42:37.025241');
INSERT INTO "entries" VALUES(4,1,'penalty','{"infringement": 2}','2026-12-02 06:42:37.033672');
INSERT INTO "entries" VALUES(5,1,'deal','{"deal": 3, "before": null}','2026-12-02 06:42:37.038421');
INSERT INTO "entries" VALUES(6,1,'finish','{}','2026-12-02 06:42:37.048167');
INSERT INTO "entries" VALUES(7,2,'deal','{"deal": 4, "before": null}','2026-12-02 06:42:37.061836');
CREATE TABLE game_days (
	id INTEGER NOT NULL, 
	date DATE NOT NULL, 
	started_at DATETIME NOT NULL, 
	ended_at DATETIME, 
	note TEXT NOT NULL, 
	cup_holder_id INTEGER, 
	cup_rule VARCHAR(20), 
	cup_tied JSON, 
	cup_points JSON, 
	CONSTRAINT pk_game_days PRIMARY KEY (id), 
	CONSTRAINT fk_game_days_cup_holder_id_players FOREIGN KEY(cup_holder_id) REFERENCES players (id), 
	CONSTRAINT uq_game_days_date UNIQUE (date)
);
INSERT INTO "game_days" VALUES(1,'2026-12-02','2026-12-02 06:42:36.946775',NULL,'started with its first game',NULL,NULL,NULL,NULL);
CREATE TABLE game_seats (
	game_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	player_id INTEGER NOT NULL, 
	CONSTRAINT pk_game_seats PRIMARY KEY (game_id, seat), 
	CONSTRAINT fk_game_seats_game_id_games FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT fk_game_seats_player_id_players FOREIGN KEY(player_id) REFERENCES players (id), 
	CONSTRAINT uq_game_seats_game_id UNIQUE (game_id, player_id)
);
INSERT INTO "game_seats" VALUES(1,0,1);
INSERT INTO "game_seats" VALUES(1,1,2);
INSERT INTO "game_seats" VALUES(1,2,3);
INSERT INTO "game_seats" VALUES(1,3,4);
INSERT INTO "game_seats" VALUES(2,0,1);
INSERT INTO "game_seats" VALUES(2,1,2);
INSERT INTO "game_seats" VALUES(2,2,3);
INSERT INTO "game_seats" VALUES(2,3,4);
CREATE TABLE games (
	id INTEGER NOT NULL, 
	day_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	rules VARCHAR(400) NOT NULL, 
	rules_version INTEGER NOT NULL, 
	first_dealer INTEGER NOT NULL, 
	state VARCHAR(12) NOT NULL, 
	created_at DATETIME NOT NULL, 
	finished_at DATETIME, 
	cup_contested BOOLEAN, 
	totals JSON, 
	note TEXT NOT NULL, 
	CONSTRAINT pk_games PRIMARY KEY (id), 
	CONSTRAINT fk_games_day_id_game_days FOREIGN KEY(day_id) REFERENCES game_days (id), 
	CONSTRAINT uq_games_day_id UNIQUE (day_id, number)
);
INSERT INTO "games" VALUES(1,1,1,'bus-angeles(schedule=''1,2|3'')',1,3,'finished','2026-12-02 06:42:36.950920','2026-12-02 06:42:37.040965',1,'[850, 310, 470, -350]','');
INSERT INTO "games" VALUES(2,1,2,'bus-angeles(schedule=''1,2|3'')',1,3,'open','2026-12-02 06:42:37.056152',NULL,NULL,NULL,'');
CREATE TABLE infringements (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	deal_number INTEGER, 
	player_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	code VARCHAR(40) NOT NULL, 
	kind VARCHAR(4) NOT NULL, 
	value INTEGER NOT NULL, 
	note TEXT NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_infringements PRIMARY KEY (id), 
	CONSTRAINT fk_infringements_game_id_games FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT fk_infringements_player_id_players FOREIGN KEY(player_id) REFERENCES players (id)
);
INSERT INTO "infringements" VALUES(1,1,2,2,1,'stalling','dot',0,'','2026-12-02 06:42:36.993964');
INSERT INTO "infringements" VALUES(2,1,3,4,3,'other','fine',-250,'kicked the table','2026-12-02 06:42:37.033102');
CREATE TABLE players (
	id INTEGER NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	core BOOLEAN NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_players PRIMARY KEY (id), 
	CONSTRAINT uq_players_name UNIQUE (name)
);
INSERT INTO "players" VALUES(1,'Бутка',1,'2026-12-02 06:42:36.939236');
INSERT INTO "players" VALUES(2,'Печун',1,'2026-12-02 06:42:36.940469');
INSERT INTO "players" VALUES(3,'Бардак',1,'2026-12-02 06:42:36.941137');
INSERT INTO "players" VALUES(4,'Монай',1,'2026-12-02 06:42:36.941762');
CREATE TABLE slaps (
	id INTEGER NOT NULL, 
	day_id INTEGER NOT NULL, 
	player_id INTEGER NOT NULL, 
	infringement_id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_slaps PRIMARY KEY (id), 
	CONSTRAINT fk_slaps_day_id_game_days FOREIGN KEY(day_id) REFERENCES game_days (id), 
	CONSTRAINT fk_slaps_game_id_games FOREIGN KEY(game_id) REFERENCES games (id) ON DELETE CASCADE, 
	CONSTRAINT fk_slaps_infringement_id_infringements FOREIGN KEY(infringement_id) REFERENCES infringements (id) ON DELETE CASCADE, 
	CONSTRAINT fk_slaps_player_id_players FOREIGN KEY(player_id) REFERENCES players (id), 
	CONSTRAINT uq_slaps_infringement_id UNIQUE (infringement_id)
);
CREATE TABLE web_actions (
	table_id VARCHAR(16) NOT NULL, 
	number INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	deal INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	action VARCHAR(24) NOT NULL, 
	source VARCHAR(10) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_web_actions PRIMARY KEY (table_id, number), 
	CONSTRAINT fk_web_actions_table_id_web_tables FOREIGN KEY(table_id) REFERENCES web_tables (id) ON DELETE CASCADE
);
INSERT INTO "web_actions" VALUES('c7qhhp',0,3,1,0,'b2','human','2026-12-02 06:42:38.044914');
INSERT INTO "web_actions" VALUES('c7qhhp',1,4,1,1,'b0','bot','2026-12-02 06:42:38.057017');
INSERT INTO "web_actions" VALUES('c7qhhp',2,5,1,2,'b1','human','2026-12-02 06:42:38.059838');
INSERT INTO "web_actions" VALUES('c7qhhp',3,6,1,3,'b0','bot','2026-12-02 06:42:38.062478');
INSERT INTO "web_actions" VALUES('c7qhhp',4,7,1,0,'QH','human','2026-12-02 06:42:38.064980');
INSERT INTO "web_actions" VALUES('c7qhhp',5,8,1,1,'6H','bot','2026-12-02 06:42:38.066959');
INSERT INTO "web_actions" VALUES('c7qhhp',6,9,1,2,'JD','human','2026-12-02 06:42:38.069515');
INSERT INTO "web_actions" VALUES('c7qhhp',7,10,1,3,'6D','bot','2026-12-02 06:42:38.071483');
INSERT INTO "web_actions" VALUES('c7qhhp',8,11,1,2,'KD','human','2026-12-02 06:42:38.073697');
INSERT INTO "web_actions" VALUES('c7qhhp',9,12,1,3,'KC','bot','2026-12-02 06:42:38.075823');
INSERT INTO "web_actions" VALUES('c7qhhp',10,13,1,0,'QC','human','2026-12-02 06:42:38.077583');
INSERT INTO "web_actions" VALUES('c7qhhp',11,14,1,1,'7C','bot','2026-12-02 06:42:38.080240');
INSERT INTO "web_actions" VALUES('c7qhhp',12,15,2,1,'b0','bot','2026-12-02 06:42:38.082773');
CREATE TABLE web_analyses (
	table_id VARCHAR(16) NOT NULL, 
	analysis TEXT NOT NULL, 
	rules_version INTEGER NOT NULL, 
	code_version VARCHAR(40) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_web_analyses PRIMARY KEY (table_id), 
	CONSTRAINT fk_web_analyses_table_id_web_tables FOREIGN KEY(table_id) REFERENCES web_tables (id) ON DELETE CASCADE
);
CREATE TABLE web_settings (
	"key" VARCHAR(40) NOT NULL, 
	value TEXT NOT NULL, 
	CONSTRAINT pk_web_settings PRIMARY KEY ("key")
);
INSERT INTO "web_settings" VALUES('secret','b82a36a3e857fe16853357e5f8ec5d81fd4acc0d4d8a891c7091b40d2bebe771');
CREATE TABLE web_tables (
	id VARCHAR(16) NOT NULL, 
	rules VARCHAR(400) NOT NULL, 
	rules_version INTEGER NOT NULL, 
	seed VARCHAR(40) NOT NULL, 
	first_dealer INTEGER NOT NULL, 
	status VARCHAR(12) NOT NULL, 
	seats JSON NOT NULL, 
	host_seat INTEGER NOT NULL, 
	options JSON NOT NULL, 
	penalties JSON NOT NULL, 
	seq INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	started_at DATETIME, 
	finished_at DATETIME, 
	totals JSON, 
	record TEXT, 
	CONSTRAINT pk_web_tables PRIMARY KEY (id)
);
INSERT INTO "web_tables" VALUES('c7qhhp','bus-angeles(schedule=''2,1'')',1,'fixture',3,'playing','[{"kind": "human", "name": "Ann", "bot": null, "nonce": "4xdYPF2CNuKk", "takeover": false}, {"kind": "bot", "name": "Alice", "bot": "random", "nonce": null, "takeover": false}, {"kind": "human", "name": "Cid", "bot": null, "nonce": "CtEsqi0pIur7", "takeover": false}, {"kind": "bot", "name": "Boris", "bot": "heuristic", "nonce": null, "takeover": false}]',0,'{"turn_seconds": 0, "stalling_dot": false, "public": true, "fill_bot": "heuristic"}','[]',15,'2026-12-02 06:42:37.976457','2026-12-02 06:42:38.033303',NULL,NULL,NULL);
CREATE INDEX ix_games_day_id ON games (day_id);
CREATE INDEX ix_deals_game_id ON deals (game_id);
CREATE INDEX ix_entries_game_id ON entries (game_id);
CREATE INDEX ix_game_seats_player_id ON game_seats (player_id);
CREATE INDEX ix_infringements_game_id ON infringements (game_id);
CREATE INDEX ix_infringements_player_id ON infringements (player_id);
CREATE INDEX ix_slaps_day_id ON slaps (day_id);
CREATE INDEX ix_web_tables_status ON web_tables (status);
COMMIT;

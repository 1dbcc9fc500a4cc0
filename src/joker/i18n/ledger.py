"""The ledger library's error messages in English and Russian: data only.

A :class:`~joker.ledger.LedgerError` is raised as ``LedgerError(code,
**fields)``: the code names a text of :data:`TEXTS`, the fields fill its
``{placeholders}``, and its English text is the error's message (``str(e)``);
:func:`joker.i18n.message` says the same error in another language from the
same code and fields.  The terminal (``joker ledger --lang ru``) and the web
scorekeeper both use it.

A field may be a :class:`~joker.i18n.LedgerPart` — a piece said
from :data:`PARTS` in the message's language, such as a deal's label "deal 2
(2 cards)" / "раздача 2 (2 карты)" or a CSV row — or another error (a ledger
error wrapped with the row or game it happened in, or the engine's): that
one is said in the same language too.  A noun after a number is written
``{n:card|cards}`` (Russian ``{n:карта|карты|карт}``: 1, 2–4, 5+) and gives
the noun's form alone.

The English texts are the messages raised, word for word; both languages
have the same codes and the same placeholders.  The Russian words are those
of the web scorekeeper (:mod:`joker.i18n.web`) and of ``joker ledger --lang
ru`` (:mod:`joker.i18n.scorekeeper`).

**Front ends.**  :data:`TEXTS` speak to the terminal: where a refusal says
what to do, it names a ``joker ledger`` command or option (`` `joker ledger
day reopen` ``, ``--house-override``).  :data:`VARIANTS` holds, per front end
other than the terminal (``"web"``: the web scorekeeper), the texts of those
codes said with that front end's own controls instead ("tick “record the
dealer's forbidden bid as said”"); ``message(e, lang, front="web")`` uses
them, the rest of the codes as in :data:`TEXTS`.  A variant has the
placeholders of its code's text or fewer, the same in both languages.
"""

from __future__ import annotations

from .core import Catalogue

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # the database (db.py)
        "db_not_a_file": "{db} is not a file",
        "web_event_written": "table {table}: event {seq} is written already (by another server process)",
        "db_cannot_read": "cannot read the ledger database {db}: {error}",
        "db_not_sqlite": "{db} is not a joker ledger: it is not an SQLite database file",
        "db_read_only_file": "the ledger database {db} is read-only: make it writable (chmod u+w) or use another --db",
        "db_blocked": "cannot create the ledger {db}: {blocker} is a file, not a directory",
        "db_cannot_mkdir": "cannot create the directory {dir} for the ledger: {error}",
        "db_read_only_dir": "the directory {dir} is read-only: the ledger needs to write its database and journal "
                            "there",
        "db_locked": "the ledger database {db} is locked by another program (another keeper still writing?); "
                     "try again in a moment",
        "db_read_only": "the ledger database {db} is read-only: {error}",
        "db_cannot_open": "cannot open the ledger database {db}: check the path and its permissions",
        "db_unusable": "cannot use the database {db}: {error}",
        "db_error": "database error on {db}: {error}",
        "db_foreign": "{db} is not a joker ledger (it holds other tables: {tables})",
        "db_newer": "{db} was written by a newer joker (schema revision {revision}); upgrade joker to use it",
        "db_other_alembic": "{db} is not a joker ledger (an Alembic database of another program)",
        "db_bad_url": "not a database URL or path: {url!r}",
        # what the keeper types (inputs.py)
        "not_trump": "not a trump: {text!r} (use S C D H, ♠ ♣ ♦ ♥, or N for no-trump)",
        "bad_name": "a player's name has 1..{n} characters, without commas or control characters: {name!r}",
        "no_seat": "no seat {seat}: seats are 1..{seats}",
        "not_playing": "{who!r} does not play in this game (players: {players}; or a seat 1..{seats})",
        "bids_count": "{where}: {n} bids needed, one per seat in seat order; got {got}",
        "tricks_count": "{where}: {n} trick counts needed, one per seat in seat order; got {got}",
        "bids_count_call": "{where}: {n} bids needed, in calling order ({names}); got {got}",
        "tricks_count_call": "{where}: {n} trick counts needed, in calling order ({names}); got {got}",
        "bad_order": "not an order of entry: {order!r} ('seat': seat 1 first; 'call': as the players bid, "
                     "the first hand first and the dealer last)",
        "bids_missing_seat": "{where}: the bids of seat {seat} is missing",
        "tricks_missing_seat": "{where}: the trick counts of seat {seat} is missing",
        "bids_not_whole": "{where}: bids must be whole numbers; seat {seat} has {value!r}",
        "tricks_not_whole": "{where}: trick counts must be whole numbers; seat {seat} has {value!r}",
        # players, days, games (repository.py, rows.py)
        "player_exists": "player {name!r} already exists",
        "no_player": "no player {name!r} (add one with `joker ledger players add {name!r}`)",
        "day_exists": "the game day of {date} already exists (reopen it with `day reopen --date {date}`)",
        "day_already_ended": "the game day of {date} has already ended",
        "day_games_open": "game {games} of {date} is still open: finish or abandon it first",
        "day_not_ended": "the game day of {date} is not ended",
        "no_open_day": "no game day is open (start one with `joker ledger day start`)",
        "no_day": "no game day on {date}",
        "day_ended_reopen": "the game day of {date} has ended (reopen it with `joker ledger day reopen`)",
        "day_ended_reopen_date": "the game day of {date} has ended (reopen it with `joker ledger day reopen "
                                 "--date {date}`)",
        "bad_rules": "rules: {error}",
        "players_count": "{rules} is played by {players} players; {given} given",
        "player_twice": "a player may sit only once: {players}",
        "first_dealer_needed": "{rules} draws the first dealer: say who dealt first (--first-dealer SEAT)",
        "first_dealer_range": "the first dealer must be a seat 1..{players}, not {seat}",
        "no_game_yet": "no game yet (start one with `joker ledger game new --players A,B,C,D`)",
        "no_game": "no game {game}",
        "game_finished": "game {game} is finished",
        "game_finished_undo": "game {game} is finished (undo the finish to change it)",
        "game_abandoned": "game {game} is abandoned",
        "in_game": "game {game}: {error}",
        # entering deals (entry.py, records.py)
        "all_entered": "game {game}: all {deals} deals are entered",
        "all_entered_finish": "game {game}: all {deals} deals are entered (finish it with `joker ledger finish`)",
        "bid_range": "{where}: {name} (seat {seat}) bid {bid}; a bid is 0..{cards}",
        "dealer_bid": "{where}: the bids sum to {cards}; the dealer {name} (seat {seat}) may not bid {bid} "
                      "(if that is what was said, record it with --house-override)",
        "no_bids_gold": "{where}: a gold deal has no bids",
        "no_bids_misere": "{where}: a misere deal has no bids",
        "bids_needed": "{where}: bids needed",
        "bids_missing": "{where}: bids missing for {names}",
        "trump_first": "{where}: enter the trump first (S C D H, or N for no-trump)",
        "trump_and_bids_first": "{where}: enter the trump and the bids first",
        "trick_counts": "{where}: {n} trick counts 0..{cards} needed, one per seat",
        "tricks_sum": "{where}: tricks taken sum to {sum}, the deal has {cards} tricks",
        "engine": "{error}",
        "conflict": "game {game} is at deal {at}, not deal {expect}: someone else entered it first; "
                    "nothing was written",
        "conflict_end": "game {game} is at deal end, not deal {expect}: someone else entered it first; "
                        "nothing was written",
        "deal_trump_differs": "{where}: the trump already entered for this deal is {entered}, not {given}: to change "
                              "it, take it back first with `joker ledger undo` (or give the same trump)",
        "deal_bids_differ": "{where}: the bids already entered for this deal are {entered}, not {given}: to change "
                            "them, take them back first with `joker ledger undo` (or give the same bids)",
        # fines, dots, redeals, undo, edit (entry.py, repository.py)
        "other_needs_kind": "an 'other' infringement needs its penalty: fine or dot",
        "unknown_code": "unknown infringement code {code!r}; codes: {codes}, or other",
        "wrong_penalty": "{code} is punished by a {penalty} (RULES.md §11), not a {kind}",
        "other_needs_note": "an 'other' infringement needs a note saying what happened",
        "penalty_deal_range": "deal {deal}: a penalty may be given in deals 1..{last} of this game",
        "redeal_scored": "deal {deal} is already scored, so it cannot be dealt again: undo its entry first, "
                         "or record the penalty without a redeal",
        "redeal_needs_code": "a redeal with a penalty needs the infringement code (or 'other')",
        "nothing_to_undo": "game {game}: nothing to undo",
        "undo_day_ended": "the game day of {date} has ended: reopen it (`day reopen`) to undo in game {game}",
        "undo_redealt": "deal {deal} was dealt again and entered since; undo that first",
        "edit_not_scored": "{where} is not scored yet: enter it, or edit deals 1..{scored}",
        # finishing, the cup (standings.py)
        "not_over": "game {game} is not over: {played} of {deals} deals entered "
                    "(abandon it with `joker ledger game abandon` if it will not be finished)",
        "deal_in_progress": "game {game}: a deal is still being entered",
        "not_tied": "{pick} is not tied for the cup; the tied players are {tied}",
        "keeper_decides": "the cup of {date} is tied after every rule between {players}: the keeper decides "
                          "(--keeper-pick NAME)",
        # import (paper.py)
        "at": "{where}: {error}",
        "cannot_read": "cannot read {path}: {error}",
        "duplicate_import": "{source}: game {game} of {date} already has these players in these seats and these "
                            "deals: this sheet was imported before (if it really was played twice, import it "
                            "again with --force)",
        "cell_not_whole": "{where}: {what} must be a whole number, not {cell!r}",
        "redeal_row_deal": "{where}: a redeal row needs the deal number: redeal,DEAL[,reason]",
        "penalty_row_form": "{where}: a {kind} row is {kind},DEAL,PLAYER,CODE[,note] (CODE from RULES.md §11 or other)",
        "row_unknown_code": "{where}: unknown infringement code {code!r}; codes: {codes}, other",
        "row_not_extra": "{where}: expected a fine, dot or redeal row, got {cell!r}",
        "sheet_empty": "{source}: empty (the first row names the players: deal,cards,trump,NAME bid,NAME tricks,…)",
        "sheet_header": "{where}: the header starts with deal,cards,trump, then the players' names",
        "sheet_column_player": "{where}: column {column} should name a player",
        "sheet_players": "{where}: {n} players named ({names}); the rules have {players}",
        "sheet_row_width": "{where}: {n} cells; a deal row has {width}: deal, cards, trump, then bid and tricks "
                           "for each of {players} players",
        "sheet_deal_order": "expected deal {expected} next, the row says {deal}",
        "sheet_deals_count": "{rules} has only {deals} deals",
        "sheet_cards": "the row says {cards} cards; deal {deal} of {rules} has {want}",
        "sheet_redeal_order": "a redeal row stands just before the deal dealt again; the next deal is {expected}, "
                              "the row says {deal}",
        "record_penalty": "{source}: penalty to seat {seat}: {error}",
        "record_penalty_value": "a {kind} to seat {seat} is worth {value} in the record; {rules} says {want}",
    },
    "ru": {
        "db_not_a_file": "{db} — не файл",
        "web_event_written": "стол {table}: событие {seq} уже записано (другим процессом сервера)",
        "db_cannot_read": "не удаётся прочитать базу данных {db}: {error}",
        "db_not_sqlite": "{db} — не база записей joker: это не файл базы данных SQLite",
        "db_read_only_file": "база данных {db} только для чтения: разрешите запись (chmod u+w) или укажите другую --db",
        "db_blocked": "не удаётся создать базу записей {db}: {blocker} — файл, а не каталог",
        "db_cannot_mkdir": "не удаётся создать каталог {dir} для базы записей: {error}",
        "db_read_only_dir": "каталог {dir} только для чтения: базе записей нужно писать туда свой файл и журнал",
        "db_locked": "база данных {db} занята другой программой (другой ведущий записи ещё пишет?); "
                     "повторите чуть позже",
        "db_read_only": "база данных {db} только для чтения: {error}",
        "db_cannot_open": "не удаётся открыть базу данных {db}: проверьте путь и права доступа",
        "db_unusable": "не удаётся работать с базой данных {db}: {error}",
        "db_error": "ошибка базы данных {db}: {error}",
        "db_foreign": "{db} — не база записей joker (в ней другие таблицы: {tables})",
        "db_newer": "{db} записана более новой версией joker (ревизия схемы {revision}); обновите joker, "
                    "чтобы с ней работать",
        "db_other_alembic": "{db} — не база записей joker (база Alembic другой программы)",
        "db_bad_url": "не адрес и не путь базы данных: {url!r}",
        "not_trump": "не козырь: {text!r} (S C D H, ♠ ♣ ♦ ♥ или N — бескозырка)",
        "bad_name": "имя игрока — от 1 до {n} символов, без запятых и управляющих символов: {name!r}",
        "no_seat": "нет места {seat}: места от 1 до {seats}",
        "not_playing": "{who!r} не играет в этой партии (игроки: {players}; или место от 1 до {seats})",
        "bids_count": "{where}: нужно {n} {n:заказ|заказа|заказов}, по одному на место, по порядку мест; "
                      "дано: {got}",
        "tricks_count": "{where}: нужно {n} {n:число|числа|чисел} взяток, по одному на место, по порядку мест; "
                        "дано: {got}",
        "bids_count_call": "{where}: нужно {n} {n:заказ|заказа|заказов}, в порядке торговли ({names}); дано: {got}",
        "tricks_count_call": "{where}: нужно {n} {n:число|числа|чисел} взяток, в порядке торговли ({names}); "
                             "дано: {got}",
        "bad_order": "не порядок ввода: {order!r} ('seat' — по местам, с первого; 'call' — как заказывали: "
                     "с первой руки, сдающий последним)",
        "bids_missing_seat": "{where}: нет заказа места {seat}",
        "tricks_missing_seat": "{where}: нет числа взяток места {seat}",
        "bids_not_whole": "{where}: заказы — целые числа; у места {seat}: {value!r}",
        "tricks_not_whole": "{where}: взятки — целые числа; у места {seat}: {value!r}",
        "player_exists": "игрок {name!r} уже есть",
        "no_player": "нет игрока {name!r} (добавить: `joker ledger players add {name!r}`)",
        "day_exists": "игровой день {date} уже есть (открыть его снова: `day reopen --date {date}`)",
        "day_already_ended": "игровой день {date} уже окончен",
        "day_games_open": "не окончена партия {games} игрового дня {date}: сначала закончите или бросьте её",
        "day_not_ended": "игровой день {date} не окончен",
        "no_open_day": "игровой день не открыт (начать: `joker ledger day start`)",
        "no_day": "игрового дня {date} нет",
        "day_ended_reopen": "игровой день {date} окончен (открыть снова: `joker ledger day reopen`)",
        "day_ended_reopen_date": "игровой день {date} окончен (открыть снова: `joker ledger day reopen "
                                 "--date {date}`)",
        "bad_rules": "правила: {error}",
        "players_count": "по правилам «{rules}» играют {players} {players:игрок|игрока|игроков}; указано {given}",
        "player_twice": "игрок может сидеть за столом только один раз: {players}",
        "first_dealer_needed": "по правилам «{rules}» первого сдающего выбирает жребий: укажите место первого сдающего "
                               "(--first-dealer МЕСТО)",
        "first_dealer_range": "первый сдающий — место от 1 до {players}, а не {seat}",
        "no_game_yet": "партий ещё нет (начать: `joker ledger game new --players A,B,C,D`)",
        "no_game": "нет партии {game}",
        "game_finished": "партия {game} окончена",
        "game_finished_undo": "партия {game} окончена (чтобы её изменить, отмените окончание)",
        "game_abandoned": "партия {game} брошена",
        "in_game": "партия {game}: {error}",
        "all_entered": "партия {game}: все раздачи ({deals}) уже записаны",
        "all_entered_finish": "партия {game}: все раздачи ({deals}) уже записаны (закончите её: "
                              "`joker ledger finish`)",
        "bid_range": "{where}: у игрока {name} (место {seat}) заказ {bid}; заказ — от 0 до {cards}",
        "dealer_bid": "{where}: сумма заказов — {cards}; сдающий {name} (место {seat}) не может заказать {bid} "
                      "(если так и было сказано, запишите с --house-override)",
        "no_bids_gold": "{where}: в золотой раздаче не заказывают",
        "no_bids_misere": "{where}: в мизере не заказывают",
        "bids_needed": "{where}: нужны заказы",
        "bids_missing": "{where}: нет заказа — {names}",
        "trump_first": "{where}: сначала запишите козырь (S C D H или N — бескозырка)",
        "trump_and_bids_first": "{where}: сначала запишите козырь и заказы",
        "trick_counts": "{where}: нужно {n} {n:число|числа|чисел} взяток от 0 до {cards}, по одному на место",
        "tricks_sum": "{where}: сумма взяток {sum}, а в раздаче {cards} {cards:взятка|взятки|взяток}",
        "engine": "{error}",
        "conflict": "партия {game} на раздаче {at}, а ожидалась раздача {expect}: её уже записали раньше; "
                    "ничего не записано",
        "conflict_end": "в партии {game} уже записаны все раздачи, а ожидалась раздача {expect}: её уже "
                        "записали раньше; ничего не записано",
        "deal_trump_differs": "{where}: для этой раздачи уже записан козырь {entered}, а не {given}: чтобы его "
                              "изменить, сначала отмените его (`joker ledger undo`) или укажите тот же козырь",
        "deal_bids_differ": "{where}: для этой раздачи уже записаны заказы {entered}, а не {given}: чтобы их "
                            "изменить, сначала отмените их (`joker ledger undo`) или укажите те же заказы",
        "other_needs_kind": "для нарушения 'other' нужно наказание: штраф (fine) или точка (dot)",
        "unknown_code": "неизвестный код нарушения {code!r}; коды: {codes} или other",
        "wrong_penalty": "за {code} полагается {penalty} (RULES.md §11), а не {kind}",
        "other_needs_note": "для нарушения 'other' нужно примечание: что случилось",
        "penalty_deal_range": "раздача {deal}: штраф или точку можно записать в раздачах 1..{last} этой партии",
        "redeal_scored": "раздача {deal} уже записана, пересдать её нельзя: сначала отмените её запись "
                         "или запишите нарушение без пересдачи",
        "redeal_needs_code": "для пересдачи со штрафом или точкой нужен код нарушения (или 'other')",
        "nothing_to_undo": "партия {game}: отменять нечего",
        "undo_day_ended": "игровой день {date} окончен: чтобы отменять в партии {game}, откройте его снова "
                          "(`day reopen`)",
        "undo_redealt": "раздачу {deal} с тех пор пересдали и записали; сначала отмените это",
        "edit_not_scored": "{where} ещё не записана: запишите её или исправляйте раздачи 1..{scored}",
        "not_over": "партия {game} не окончена: записано раздач — {played} из {deals} "
                    "(если её не доиграют, бросьте её: `joker ledger game abandon`)",
        "deal_in_progress": "партия {game}: раздача ещё не дописана",
        "not_tied": "{pick} не делит кубок; поровну у игроков {tied}",
        "keeper_decides": "кубок {date} поровну по всем правилам между {players}: решает ведущий записи "
                          "(--keeper-pick ИМЯ)",
        "at": "{where}: {error}",
        "cannot_read": "не удаётся прочитать {path}: {error}",
        "duplicate_import": "{source}: в партии {game} за {date} те же игроки на тех же местах и те же раздачи: "
                            "этот лист уже загружен (если партию и правда сыграли дважды, загрузите его снова "
                            "с --force)",
        "cell_not_whole": "{where}: {what} — целое число, а не {cell!r}",
        "redeal_row_deal": "{where}: в строке пересдачи нужен номер раздачи: redeal,РАЗДАЧА[,причина]",
        "penalty_row_form": "{where}: строка {kind} — это {kind},РАЗДАЧА,ИГРОК,КОД[,примечание] "
                            "(КОД из RULES.md §11 или other)",
        "row_unknown_code": "{where}: неизвестный код нарушения {code!r}; коды: {codes}, other",
        "row_not_extra": "{where}: ожидалась строка fine, dot или redeal, а не {cell!r}",
        "sheet_empty": "{source}: пусто (первая строка называет игроков: deal,cards,trump,ИМЯ bid,ИМЯ tricks,…)",
        "sheet_header": "{where}: заголовок начинается с deal,cards,trump, дальше имена игроков",
        "sheet_column_player": "{where}: в столбце {column} должно быть имя игрока",
        "sheet_players": "{where}: названо игроков — {n} ({names}); по правилам их {players}",
        "sheet_row_width": "{where}: ячеек — {n}; в строке раздачи их {width}: deal, cards, trump, затем заказ "
                           "и взятки каждого из {players} игроков",
        "sheet_deal_order": "следующей должна быть раздача {expected}, а в строке — {deal}",
        "sheet_deals_count": "по правилам «{rules}» всего {deals} {deals:раздача|раздачи|раздач}",
        "sheet_cards": "в строке карт — {cards}; в раздаче {deal} по правилам «{rules}» их {want}",
        "sheet_redeal_order": "строка пересдачи стоит прямо перед пересданной раздачей; следующая раздача — "
                              "{expected}, а в строке — {deal}",
        "record_penalty": "{source}: нарушение места {seat}: {error}",
        "record_penalty_value": "в записи {kind} месту {seat} стоит {value}; по правилам «{rules}» — {want}",
    },
}
"""Per language, per code: a ledger error's text, ``{placeholders}`` filled from its fields."""

VARIANTS: dict[str, dict[str, dict[str, str]]] = {
    "web": {
        "en": {
            "no_player": "no player {name!r} (add them under “Players”, or tick “Add unknown names as guests”)",
            "day_exists": "the game day of {date} already exists (reopen it with “Reopen the day”)",
            "no_open_day": "no game day is open (start one with “Start a game day”)",
            "day_ended_reopen": "the game day of {date} has ended (reopen it with “Reopen the day” on the "
                                "scorekeeper's page)",
            "day_ended_reopen_date": "the game day of {date} has ended (reopen it with “Reopen the day” on the "
                                     "scorekeeper's page)",
            "first_dealer_needed": "{rules} draws the first dealer: say who dealt first (“First dealer”)",
            "first_dealer_range": "the first dealer must be one of the {players} seats",
            "no_game_yet": "no game yet (start one under “New game”)",
            "all_entered_finish": "game {game}: all {deals} deals are entered (finish it with “Finish the game”)",
            "dealer_bid": "{where}: the bids sum to {cards}; the dealer {name} (seat {seat}) may not bid {bid} "
                          "(if that is what was said, tick “record the dealer's forbidden bid as said”)",
            "trump_first": "{where}: choose the trump first (a suit or “no trump” under “Trump”)",
            "deal_trump_differs": "{where}: the trump already entered for this deal is {entered}, not {given}: to "
                                  "change it, take it back first with “Undo” (or give the same trump)",
            "deal_bids_differ": "{where}: the bids already entered for this deal are {entered}, not {given}: to "
                                "change them, take them back first with “Undo” (or give the same bids)",
            "undo_day_ended": "the game day of {date} has ended: reopen it (“Reopen the day” on the scorekeeper's "
                              "page) to undo in game {game}",
            "not_over": "game {game} is not over: {played} of {deals} deals entered "
                        "(“Abandon” it if it will not be finished)",
            "keeper_decides": "the cup of {date} is tied after every rule between {players}: the keeper decides "
                              "(choose the holder, then “End the day” again)",
            "duplicate_import": "{source}: game {game} of {date} already has these players in these seats and "
                                "these deals: this sheet was imported before",
        },
        "ru": {
            "no_player": "нет игрока {name!r} (добавьте его в разделе «Игроки» или отметьте «Незнакомые имена "
                         "добавить гостями»)",
            "day_exists": "игровой день {date} уже есть (откройте его снова: «Открыть день снова»)",
            "no_open_day": "игровой день не открыт (начните его: «Начать игровой день»)",
            "day_ended_reopen": "игровой день {date} окончен (откройте его снова: «Открыть день снова» на странице "
                                "записи)",
            "day_ended_reopen_date": "игровой день {date} окончен (откройте его снова: «Открыть день снова» на "
                                     "странице записи)",
            # (the page's «…» name its controls: the rules' name goes unquoted)
            "first_dealer_needed": "{rules} — первого сдающего выбирает жребий: укажите место первого "
                                   "сдающего («Первым сдаёт»)",
            "first_dealer_range": "первый сдающий — одно из {players} мест за столом",
            "no_game_yet": "партий ещё нет (начните её в разделе «Новая партия»)",
            "all_entered_finish": "партия {game}: все раздачи ({deals}) уже записаны (закончите её: "
                                  "«Закончить партию»)",
            "dealer_bid": "{where}: сумма заказов — {cards}; сдающий {name} (место {seat}) не может заказать {bid} "
                          "(если так и было сказано, отметьте «записать запрещённый заказ сдающего как сказан»)",
            "trump_first": "{where}: сначала выберите козырь (масть или «без козыря» в разделе «Козырь»)",
            "deal_trump_differs": "{where}: для этой раздачи уже записан козырь {entered}, а не {given}: чтобы его "
                                  "изменить, сначала отмените его кнопкой «Отменить» или укажите тот же козырь",
            "deal_bids_differ": "{where}: для этой раздачи уже записаны заказы {entered}, а не {given}: чтобы их "
                                "изменить, сначала отмените их кнопкой «Отменить» или укажите те же заказы",
            "undo_day_ended": "игровой день {date} окончен: чтобы отменять в партии {game}, откройте его снова "
                              "(«Открыть день снова» на странице записи)",
            "not_over": "партия {game} не окончена: записано раздач — {played} из {deals} "
                        "(если её не доиграют, нажмите «Бросить»)",
            "keeper_decides": "кубок {date} поровну по всем правилам между {players}: решает ведущий записи "
                              "(выберите, кому кубок, и снова нажмите «Закончить день»)",
            "duplicate_import": "{source}: в партии {game} за {date} те же игроки на тех же местах и те же "
                                "раздачи: этот лист уже загружен",
        },
    },
}
"""Per front end (not the terminal's), per language, per code: the text said
there instead of :data:`TEXTS`'s, naming that front end's controls (its
buttons and boxes, “quoted” as the page labels them) where the terminal's
names a command or an option."""

PARTS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "deal {deal} ({cards} {cards:card|cards})",
        "deal_number": "deal {deal}",
        "row": "{source} row {row}",
        "row_deal": "{source} row {row} (deal {deal})",
        "cell_deal": "the deal number",
        "cell_cards": "the number of cards",
        "cell_bid": "{name}'s bid",
        "cell_tricks": "{name}'s tricks",
        "fine": "fine",
        "dot": "dot",
    },
    "ru": {
        "deal": "раздача {deal} ({cards} {cards:карта|карты|карт})",
        "deal_number": "раздача {deal}",
        "row": "{source}, строка {row}",
        "row_deal": "{source}, строка {row} (раздача {deal})",
        "cell_deal": "номер раздачи",
        "cell_cards": "число карт",
        "cell_bid": "заказ игрока {name}",
        "cell_tricks": "взятки игрока {name}",
        "fine": "штраф",
        "dot": "точка",
    },
}
"""Per language: the pieces messages are made of (a :class:`~joker.i18n.LedgerPart`'s key and its fields)."""

CATALOGUE = Catalogue("ledger", TEXTS, VARIANTS, PARTS)
"""The ledger's errors: texts by language and code, the web's variants, the parts."""

"""(R13) Long messages and layouts: emoji and shortcodes, a header that lists the attackers, "opp
blocks nothing". Every text is our own wording, with the fixture cards."""

from __future__ import annotations

from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import read
from engine.reader.reader import Reading


def _battlefield(reading: Reading) -> dict[str, dict]:
    assert reading.spec is not None
    return {o["card"]: o for o in reading.spec["board"]["battlefield"] if "card" in o}


# -- emoji ------------------------------------------------------------------------------------


def test_emoji_and_shortcodes_are_not_read_as_words(names: FixtureNames) -> None:
    for text in (
        "\U0001f7e2 my Grizzly Bears, enchanted with Rancor \U0001f525\nhow big is it now?",
        ":seedling: my Grizzly Bears, enchanted with Rancor :fire:\nhow big is it now?",
        "my Grizzly Bears \u2728 enchanted with Rancor \u2764\ufe0f. how big is it now?",
    ):
        r = read(text, names)
        assert r.unread == (), text
        assert r.trusted and r.question == {"kind": "characteristics", "object": "grizzly_bears"}


# -- attackers listed under a header ------------------------------------------------------------


def test_a_header_then_names_on_lines_are_the_attackers(names: FixtureNames) -> None:
    r = read(
        "my attack this turn:\n\u2694\ufe0f Grizzly Bears\n\u2694\ufe0f Colossal Dreadmaw\n"
        "they don't block. how much damage do they take?",
        names,
    )
    board = _battlefield(r)
    assert board["Grizzly Bears"]["attacking"] and board["Colossal Dreadmaw"]["attacking"]
    assert all(o["controller"] == "P1" for o in board.values())
    assert r.question == {"kind": "combat_damage"} and r.unread == ()


def test_their_attackers_listed_on_one_line_are_theirs(names: FixtureNames) -> None:
    r = read(
        "their attackers: Grizzly Bears, Serra Angel\nI block nothing. how much do I take?", names
    )
    board = _battlefield(r)
    assert {o["controller"] for o in board.values()} == {"P2"}
    assert all(o["attacking"] for o in board.values())
    assert r.unread == ()


def test_a_listed_attacker_with_more_said_of_it_keeps_the_header_unread(
    names: FixtureNames,
) -> None:
    # a list that goes on with more than a name is not rewritten: never half a list of attackers
    text = "my attackers:\n- Grizzly Bears\n- Serra Angel (tapped)\nhow much damage do they take?"
    r = read(text, names)
    assert any("attackers" in u for u in r.unread)
    assert not r.trusted and not routed(text, names)


def test_attack_words_without_a_header_colon_are_left_to_the_grammar(names: FixtureNames) -> None:
    r = read("my attack went badly. I have Grizzly Bears. can it block?", names)
    assert not any(o.get("attacking") for o in _battlefield(r).values())


# -- chatter around the board: greetings, typed mentions, replies, friends' claims ------------


def test_greetings_and_chat_about_the_poster_are_not_board_text(names: FixtureNames) -> None:
    for opener in (
        "hey all! ",
        "Hello everyone. ",
        "hi, pretty new to magic. ",
        "sorry for my english. ",
        "idk if this is the right channel but ",
    ):
        text = opener + "I control Grizzly Bears, enchanted with Rancor. how big is it?"
        r = read(text, names)
        assert r.unread == (), text
        assert r.trusted, text


def test_a_typed_mention_is_a_person_not_a_card(names: FixtureNames) -> None:
    r = read("@Morgan I control Grizzly Bears with Rancor on it. how big are the bears?", names)
    assert r.unread == () and r.trusted


def test_a_reply_to_someone_is_set_aside_but_keeps_the_answer_unverified(
    names: FixtureNames,
) -> None:
    text = (
        "@Robin yes it trades, but here's the real question: my Grizzly Bears has Rancor on it."
        " what's its power?"
    )
    r = read(text, names)
    assert r.question == {"kind": "characteristics", "object": "grizzly_bears"}
    assert r.unread and not r.trusted  # what was said back is listed, never verified
    assert r.deciding == () and routed(text, names)


def test_no_answering_someone_then_a_fact_is_still_a_fact(names: FixtureNames) -> None:
    from engine.reader.relevance import fact_kinds

    assert "tapped" in fact_kinds("no, the elves are tapped already")
    assert fact_kinds("no flyers on their side") == frozenset()


def test_a_friend_described_before_what_they_say_is_still_a_claim() -> None:
    from engine.reader.relevance import fact_kinds

    for said in (
        "my buddy who just started says it can only block on his turn",
        "my friend watching swore the angel is summoning sick",
        "the guy across from me said it gets +2/+2",
    ):
        assert fact_kinds(said) == frozenset(), said
    # who the friend is may itself be a fact of the board: then it is not only a claim
    assert fact_kinds("my friend who has a tapped Serra Angel says it can block") != frozenset()


def test_an_attempt_is_a_plan_not_a_board_fact() -> None:
    from engine.reader.relevance import fact_kinds

    assert fact_kinds("i tried to tap Llanowar Elves for g to cast a bear") == {"plan"}


def test_is_he_right_asks_about_the_friend_not_a_card(names: FixtureNames) -> None:
    r = read("I have Grizzly Bears. my friend says it can block Serra Angel. is he right?", names)
    assert not any("Grizzly Bears right" in u for u in r.unread)


def test_theyre_attacking_me_is_the_opponent(names: FixtureNames) -> None:
    r = read(
        "opp put Pacifism on my Serra Angel two turns ago. they're attacking me now. can the"
        " angel block?",
        names,
    )
    assert r.question is not None and r.question["kind"] == "can_block"
    assert not any("Pacifism 're" in u or "Pacifism attack" in u for u in r.unread)


# -- tokens and the subject left out ---------------------------------------------------------


def test_just_eternalized_without_a_subject_is_mine_this_turn(names: FixtureNames) -> None:
    r = read("Just embalmed Angel of Sanctions at sorcery speed. what color is the token?", names)
    assert r.unread == ()
    token = next(o for o in r.spec["board"]["battlefield"] if o.get("token"))  # type: ignore[index]
    assert token["controller"] == "P1" and token["since"] == "this_turn"


def test_an_embalmed_word_opening_a_token_description_is_not_a_subject(
    names: FixtureNames,
) -> None:
    # "Embalmed Angel of Sanctions token" names the token; nobody is said to have embalmed it now
    r = read("Embalmed Angel of Sanctions token is on my side. what color is it?", names)
    assert not any(d for reason, d in r.doubts if reason == "contradiction")


# -- what a restatement is not ----------------------------------------------------------------


def test_a_fact_said_of_both_is_news_even_when_one_of_them_had_it() -> None:
    from engine.reader.relevance import Known, UnreadFact

    known = Known.of(["Serra Angel (attacking)"], ["Serra Angel", "Shivan Dragon"])
    both = UnreadFact("they swung in with both", frozenset({"combat"}), frozenset())
    assert not known.restates(both)
    again = UnreadFact("and in combat", frozenset({"combat"}), frozenset())
    assert known.restates(again)


def test_taking_a_creature_unblocked_is_damage() -> None:
    from engine.reader.relevance import fact_kinds

    assert "damage" in fact_kinds("and I just took the Shivan Dragon")


def test_saying_nobody_blocks_in_other_words(names: FixtureNames) -> None:
    for said in ("they dont block", "opp blocks nothing", "my opponent didn't block"):
        r = read(
            f"Serra Angel attacks my opponent and {said}. how much damage do they take?", names
        )
        assert "Serra Angel (attacking, unblocked" in r.echo, said
        assert r.unread == (), said
    # a block said with its blocker is a block, not "nobody blocks"
    r = read("Serra Angel attacks. they don't block with Wall of Stone. how much damage?", names)
    assert "Wall of Stone" in " ".join(r.unread) or "Wall of Stone" in _battlefield(r)


def test_only_one_creature_then_two_attacking_never_reaches_the_engine(
    names: FixtureNames,
) -> None:
    text = (
        "I only control one creature, a Llanowar Elves. My Grizzly Bears and the elves both"
        " attack and opp doesn't block. How much damage do they take?"
    )
    r = read(text, names)
    assert not r.trusted and r.deciding and not routed(text, names)


# -- tokens and where they came from; paying with a land ----------------------------------------


def test_a_token_said_with_its_keyword_first_has_that_keyword(names: FixtureNames) -> None:
    for said in ("a 1/1 flying Thopter token", "a 1/1 colorless flying Thopter token"):
        r = read(f"My opponent has {said}. I control Giant Spider. can my spider block it?", names)
        token = next(o for o in r.spec["board"]["battlefield"] if o.get("token"))  # type: ignore[index]
        assert "Flying" in token["token"].get("text", ""), (said, token)
        assert token["token"].get("subtypes") == ["Thopter"], token


def test_where_a_token_was_left_over_from_is_its_source(names: FixtureNames) -> None:
    r = read(
        "I have a 1/1 flying Thopter token left over from my Hangarback Walker dying last turn."
        " what's the token's power?",
        names,
    )
    assert not any("Hangarback" in u for u in r.unread), r.unread
    assert "Hangarback Walker" not in _battlefield(r)


def test_paid_the_cost_with_a_land_is_the_land_tapped_for_it(names: FixtureNames) -> None:
    r = read(
        "I played Mutavault this turn and paid the {1} with a Mountain to make it a 2/2."
        " can it attack?",
        names,
    )
    assert r.unread == ()
    assert _battlefield(r)["Mountain"]["tapped"] is True
    assert r.question == {"kind": "can_attack", "object": "mutavault"}


def test_dying_is_what_a_tokens_question_asks_about_but_exile_is_news(names: FixtureNames) -> None:
    dies = read(
        "what if my Hangarback Walker (three +1/+1 counters on it) gets killed by a removal"
        " spell, how many thopters do i get?",
        names,
    )
    assert dies.deciding == () and not dies.trusted
    exiled = read(
        "what if my Hangarback Walker (three +1/+1 counters on it) gets exiled by a removal"
        " spell, how many thopters do i get?",
        names,
    )
    assert exiled.deciding or exiled.doubts


# -- board headers, animating with a land, "exactly one" -----------------------------------------


def test_a_board_header_saying_whose_it_is(names: FixtureNames) -> None:
    for header in ("board, all mine:", "board (mine):", "board - mine:"):
        r = read(f"{header}\n- Grizzly Bears\n- Glorious Anthem\nhow big are the bears?", names)
        assert r.unread == (), header
        assert {o["controller"] for o in _battlefield(r).values()} == {"P1"}, header


def test_a_land_that_animated_a_manland_was_tapped_for_it(names: FixtureNames) -> None:
    r = read(
        "Mutavault has been out since turn 3, I animated it this turn using a Mountain."
        " what are its types?",
        names,
    )
    assert r.unread == ()
    assert _battlefield(r)["Mountain"]["tapped"] is True


def test_animated_with_something_that_isnt_a_land_is_not_a_payment(names: FixtureNames) -> None:
    from engine.reader.draft import Draft
    from engine.reader.prepare import clean, fold_hints, mark_cards

    draft = Draft()
    low = mark_cards(clean("I animated my Mutavault with Glorious Anthem out."), names, draft)
    assert "paid with" not in fold_hints(low, draft)
    draft = Draft()
    low = mark_cards(clean("I animated my Mutavault with a Mountain."), names, draft)
    fold_hints(low, draft)
    mountain = [o for o in draft.occurrences if o.entity == "Mountain"]
    assert mountain and mountain[0].hints.tapped is True


def test_the_one_land_named_as_all_there_is_is_no_news() -> None:
    from engine.reader.relevance import fact_kinds

    assert fact_kinds("Forest , exactly one land") == frozenset()
    assert fact_kinds("exactly one land and an Island") != frozenset()  # it names another
    assert fact_kinds("Forest , just one land , with 2 damage") != frozenset()


def test_multiplayer_story_is_not_board_news() -> None:
    from engine.reader.relevance import fact_kinds

    assert fact_kinds("we were down to two players, everyone else was dead") == frozenset()
    assert fact_kinds("opp kept seven") == frozenset()

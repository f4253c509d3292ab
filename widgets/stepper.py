"""The round stepper: a played round, action by action, from the whole table or one player's seat.

``RoundModel`` holds a game (played by bots from a seed, or loaded from a game record) and, for
the chosen round, the state after every action: the round is replayed through the engine
(``upto9.game.Round``) from its recorded deck, and after each action the engine's own views
(``Round.view(player)``) are kept. A player's perspective is drawn from that player's view only,
so no card that player may not see ever reaches the page. ``RoundStepper`` is the view: forward,
back, start, end, a slider over the actions, autoplay with a speed control, and a perspective selector.

``RoundStepper(rules=PHASE10)`` plays Phase 10: its words (phase, hit, wild card), its cards in their
colours, and its skips: a skip discarded names a player, and the turn that player loses is shown.
"""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from html import escape
from pathlib import Path
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.cards import PlayingCard
from upto9.family import FamilyGame, RummyFamily, TableMeld, game_family
from upto9.game import (
    MAX_TURNS_PER_ROUND,
    Discarded,
    Donated,
    Drew,
    EndReason,
    Game,
    LaidDown,
    LayDown,
    Phase,
    Reshuffled,
    Round,
    RoundEnded,
    Skipped,
    Source,
    View,
    legal_moves,
)
from upto9.messages import Items, Message, render
from upto9.plugins import family_keys
from upto9.records import MAX_INT, MAX_RECORD_BYTES, RecordError, load_game, move_from_dict, replay
from upto9.rules import UPTO9, Group, GroupKind, Rules

from ._common import DrawnView, GameNumber, ModelLanguage, game_number, guard, style_tag
from .budget import OverBudget, within
from .cards_html import card_html, card_row
from .choice import ruleset_name
from .engine_text import record_error_text
from .page import Advanced
from .table import FamilyStep, replay_family_round, step_words, table_html, used_zones
from .texts import (
    LANGS,
    SHARED,
    budget_text,
    card_text,
    check_lang,
    contract_text,
    drawer_for,
    face_glyph,
    group_name,
    jokers_text,
    level_title,
    number_text,
    worded,
)

__all__ = ["MAX_SEED", "TEXTS", "GameNumber", "RoundModel", "RoundStepper", "Step", "file_mistake", "game_number", "replay_round", "seed_range"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Step through a round",
        "seed": "Game number",
        "players": "Players",
        "bots": "Played by",
        "bots_heuristic": "sensible bots",
        "bots_random": "random bots",
        "play": "Play a new game",
        "load": "Load a saved game…",
        "round": "Round",
        "round_option": "Round {n}",
        "perspective": "Seen by",
        "whole": "The whole table",
        "seat_view": "{name}: only what they see",
        "start": "To the start",
        "back": "Back one action",
        "forward": "Forward one action",
        "end": "To the end of the round",
        "step": "Action",
        "speed": "Speed",
        "speed_tip": "Autoplay speed, in actions per second",
        "autoplay": "Autoplay: play the round action by action, or pause it where it is",
        "source_seed": "A game played by {bots}: game number {seed}, {players} players.",
        "advanced_made": "Played by {call}(seed={seed}).",
        "source_made": "A new game for this page: game number {seed}, {players} players.",
        "seed_range": "a whole number from 0 to {limit} (about nine quintillion)",
        "bad_seed": "the game number must be {range}, and “{text}” is not; the game shown stays",
        "no_seed": "type a game number, {range}; the game shown stays",
        "seed_first": "to play {game}, first fix the game number: it must be {range}, and “{text}” is not",
        "no_seed_first": "to play {game}, first type a game number, {range}",
        "advanced_refused": "The file {name} was refused: {detail}",
        "source_file": "A saved game, {players} players.",
        "source_given": "A game of {players} players.",
        "advanced_seed": (
            "Played by upto9.simulate.play_game(players={players}, seed={seed}, bots=[{bot}] * {players}); save it with upto9.save_game(game, path)."
        ),
        "advanced_family_seed": "Played by {call}; save it with upto9.save_game(game, path).",
        "to_move_family": "{name} to move",
        "deal_family": "The cards are dealt. {name} begins.",
        "no_winner": "The game is over, and nobody won it.",
        "seed_is": "The game number is the game's seed: every shuffle in the game is drawn from it, so the same number gives the same game.",
        "advanced_file": "The game record {name}, written by upto9.save_game(game, path); upto9.load_game replays it through the engine.",
        "too_long_play": (
            "playing this game took too long (more than {seconds} s of the server's time), so it was stopped; try another game number or the sensible bots"
        ),
        "too_long_file": (
            "opening this game took too long (more than {seconds} s of the server's time), so it was stopped; "
            "a saved game of a real table opens in well under a second"
        ),
        "too_long_round": "showing this round took too long (more than {seconds} s of the server's time), so it was stopped; the round before is still shown",
        "status": "Round {round} · action {k} of {n}",
        "dealer": "dealer",
        "to_move": "{name} to move: {phase}",
        "phase_draw": "draw a card",
        "phase_play": "lay down, donate or discard",
        "phase_play_hit": "lay down, hit or discard",
        "phase_over": "the round is over",
        "deck": "Deck",
        "discard": "Discard pile",
        "pile_count": "{n} in the pile",
        "deck_count": "{n} cards",
        "empty": "empty",
        "level": "level {n}",
        "laid_down": "✔ laid down",
        "waiting": "not laid down yet",
        "penalties": "penalty points from earlier rounds: {n}",
        "penalties_total": "penalty points in total, this round included: {n}",
        "hand": "Hand",
        "hidden_hand": "{n} cards, hidden",
        "no_cards": "no cards",
        "you": "you",
        "what": "What happens",
        "rule": "The rule",
        "deal": "The deal: each player gets {n} cards and the top card of the deck starts the discard pile. {name}, left of the dealer, begins.",
        "draw_deck": "{name} draws {card} from the deck.",
        "draw_deck_hidden": "{name} draws a card from the deck.",
        "draw_discard": "{name} takes {card} from the top of the discard pile.",
        "reshuffle": "The deck was empty: the discard pile below its top card is shuffled into a new deck of {n} cards.",
        "lay_down": "{name} lays down level {level}: {melds}.",
        "lay_down_jokers": "It uses {jokers}.",
        "donate": "{name} donates {card} to {owner}'s {meld}.",
        "donate_joker": "{name} donates {card} as a joker for {face} to {owner}'s {meld}.",
        "donate_own": "{name} donates {card} to their own {meld}.",
        "wild_as": "wild card as {face}",
        "donate_joker_own": "{name} donates {card} as a joker for {face} to their own {meld}.",
        "discard_card": "{name} discards {card}.",
        "goes_out": "That was {name}'s last card: {name} goes out.",
        "end_out": "The round is over: {name} went out.",
        "end_impossible": "The round is over: no player still waiting can ever complete their level with the cards left in circulation.",
        "end_stalemate": (
            "The round is over: everyone had laid down, and for as many turns as there were cards in the deck and the discard "
            "pile, no card reached the table and no one went out."
        ),
        "end_turn_limit": "The round is over: it reached the engine's limit of {n} turns with players still waiting to lay down.",
        "rule_deal": (
            "Setup: all the cards are shuffled into one face-down deck. Each player gets {n} cards. The top card is turned over "
            "to start the discard pile. The player to the dealer's left goes first, and play proceeds clockwise."
        ),
        "rule_draw": (
            "Every turn starts the same way: draw 1 card, either from the face-down deck or the top (visible) card of the discard "
            "pile. Only the top card may be taken; no digging."
        ),
        "rule_reshuffle": (
            "If the deck runs empty, the discard pile is shuffled and becomes the new deck; its top card stays behind to start a new discard pile."
        ),
        "rule_lay_down": (
            "Lay down your contract: with the complete combination for your level, you lay it down in front of you, all or nothing, "
            "in one go, on your own turn. {level}"
        ),
        "rule_donate": (
            "Once you have laid down your own contract, you may play loose cards onto any laid-down meld, yours or anyone else's. On "
            "a straight the card must continue the run in the same suit at one of the ends, never past an ace; on a set it must have "
            "the same rank."
        ),
        "rule_donate_joker": "A donated joker must stand for a card that really continues the meld, and it locks to that card.",
        "rule_discard": "Discard 1 card onto the discard pile: that ends your turn.",
        "rule_out": (
            "The round ends immediately when a player gets rid of every card in their hand, whether the last card went by a discard, "
            "a donation or the lay-down itself."
        ),
        "rule_end_out": (
            "Whoever went out scores 0 penalty points; everyone else scores penalty points for the cards left in hand. Everyone who "
            "laid down their contract moves up one level."
        ),
        "rule_end_impossible": (
            "The safety valve: when none of the players still waiting to lay down can ever complete their level, the round ends "
            "without anyone going out. Those who had laid down move up as normal, and everyone scores penalty points for their cards."
        ),
        "rule_end_stalemate": (
            "The stalemate guard is a safeguard of this software, not a rule of the game: it ends a round in which nothing can "
            "change any more. Those who laid down move up, and "
            "everyone scores penalty points for their cards."
        ),
        "rule_end_turn_limit": (
            "The turn limit is no rule of the game: it stops software players that never lay down. Those who laid down move up, "
            "and everyone scores penalty points for their cards."
        ),
        "summary": "The round's end",
        "col_player": "Player",
        "col_round": "Penalty points this round",
        "col_total": "Total",
        "col_next": "Next",
        "moves_up": "moves up to level {n}",
        "stays": "stays on level {n}",
        "completes": "completed level {n}",
        "winners": "The game is over. Winner: {names}.",
        "meld_run": "straight ({n})",
        "meld_set": "set ({n})",
        "no_game": "No game yet.",
        "error": "Could not open that saved game: {error}",
        "level_phase": "phase {n}",
        "lay_down_phase": "{name} lays down phase {level}: {melds}.",
        "lay_down_jokers_phase": "It uses {jokers}.",
        "donate_phase": "{name} hits {owner}'s {meld} with {card}.",
        "donate_joker_phase": "{name} hits {owner}'s {meld} with a wild card standing for {face}.",
        "donate_own_phase": "{name} hits their own {meld} with {card}.",
        "donate_joker_own_phase": "{name} hits their own {meld} with a wild card standing for {face}.",
        "discard_skip": "{name} discards a skip, naming {target}: {target} loses their next turn.",
        "discard_skip_none": "{name} discards a skip; every other player already waits to lose a turn, so it names no one.",
        "skipped": "{name} loses this turn to a skip.",
        "waiting_skip": "loses the next turn (skip)",
        "rule_draw_phase": ("Every turn starts the same way: draw 1 card, from the deck or the top card of the discard pile; a skip there can never be taken."),
        "rule_lay_down_phase": "Lay down the whole phase at once, all its parts together, never half; only one phase per round. {level}",
        "rule_donate_phase": (
            "Once your phase is down, you may hit: add cards to any laid-down phase, yours or others'. On a set the same number, on a "
            "run at the low or high end, on a colour group the same colour."
        ),
        "rule_donate_joker_phase": "A wild card may be played on any group: say what it stands for; it stays there with that role.",
        "rule_skip": (
            "A skip, when discarded, names a player who loses their next turn (not a player already waiting to skip). Skips cannot "
            "be taken from the discard pile nor used in a phase."
        ),
        "rule_skipped": "A player named by a skip neither draws, lays down nor discards on that turn.",
        "rule_end_out_phase": (
            "The player who went out scores 0; the others score the cards they hold. Everyone who laid down moves to the next "
            "phase; the others try the same phase again."
        ),
        "moves_up_phase": "moves up to phase {n}",
        "stays_phase": "stays on phase {n}",
        "completes_phase": "completed phase {n}",
        "meld_run_phase": "run ({n})",
        "meld_colour": "colour group ({n})",
        "meld_set_phase": "set ({n})",
        "game": "Game",
        "round_deciding": "Round {n}: deciding round",
        "status_deciding": "Round {round} (deciding round) · action {k} of {n}",
        "deal_deciding": (
            "A deciding round: {names} made phase {level} with the same, fewest penalty points ({points}); they play phase {level} again, "
            "{n} cards each, and {others} sit{s} out."
        ),
        "rule_deciding": (
            "A tie for the win, among those who made the last phase with the fewest penalty points, is played off in a deciding round "
            "of that phase by the tied players alone: whoever makes it with the fewest penalty points in total wins; tied again, they "
            "play another."
        ),
        "sits_out": "sits out the deciding round",
        "tie_next": "A tie: {names} made phase {level} with {points} penalty points each, so they play a deciding round next.",
    },
    "nb": {
        "title": "Gå gjennom en runde",
        "seed": "Spillnummer",
        "players": "Spillere",
        "bots": "Spilt av",
        "bots_heuristic": "fornuftige roboter",
        "bots_random": "tilfeldige roboter",
        "play": "Spill et nytt spill",
        "load": "Åpne et lagret spill …",
        "round": "Runde",
        "round_option": "Runde {n}",
        "perspective": "Sett fra",
        "whole": "Hele bordet",
        "seat_view": "{name}: bare det hen ser",
        "start": "Til starten",
        "back": "Ett steg tilbake",
        "forward": "Ett steg fram",
        "end": "Til slutten av runden",
        "step": "Steg",
        "speed": "Fart",
        "speed_tip": "Fart for automatisk avspilling, i steg per sekund",
        "autoplay": "Spill av: spill runden steg for steg, eller sett den på pause der den er",
        "source_seed": "Et spill spilt av {bots}: spillnummer {seed}, {players} spillere.",
        "advanced_made": "Spilt med {call}(seed={seed}).",
        "source_made": "Et nytt spill for denne siden: spillnummer {seed}, {players} spillere.",
        "seed_range": "et helt tall fra 0 til {limit} (rundt ni trillioner)",
        "bad_seed": "spillnummeret må være {range}, og «{text}» er ikke det; spillet som vises, blir stående",
        "no_seed": "skriv inn et spillnummer, {range}; spillet som vises, blir stående",
        "seed_first": "for å spille {game} må du først rette spillnummeret: det må være {range}, og «{text}» er ikke det",
        "no_seed_first": "for å spille {game} må du først skrive inn et spillnummer, {range}",
        "advanced_refused": "Filen {name} ble avvist: {detail}",
        "source_file": "Et lagret spill, {players} spillere.",
        "source_given": "Et spill med {players} spillere.",
        "advanced_seed": (
            "Spilt med upto9.simulate.play_game(players={players}, seed={seed}, bots=[{bot}] * {players}); lagre det med upto9.save_game(game, path)."
        ),
        "advanced_family_seed": "Spilt med {call}; lagre det med upto9.save_game(game, path).",
        "to_move_family": "{name} sin tur",
        "deal_family": "Kortene deles ut. {name} begynner.",
        "no_winner": "Spillet er over, og ingen vant.",
        "seed_is": "Spillnummeret er spillets frø: hver stokking i spillet trekkes fra det, så samme nummer gir samme spill.",
        "advanced_file": "Spillfilen {name}, skrevet av upto9.save_game(game, path); upto9.load_game spiller den av gjennom motoren.",
        "too_long_play": (
            "å spille dette spillet tok for lang tid (mer enn {seconds} s av serverens tid), så det ble stoppet; "
            "prøv et annet spillnummer eller de fornuftige robotene"
        ),
        "too_long_file": (
            "å åpne dette spillet tok for lang tid (mer enn {seconds} s av serverens tid), så det ble stoppet; "
            "et lagret spill fra et ekte bord åpnes på godt under ett sekund"
        ),
        "too_long_round": "å vise denne runden tok for lang tid (mer enn {seconds} s av serverens tid), så den ble stoppet; runden fra før vises fortsatt",
        "status": "Runde {round} · steg {k} av {n}",
        "dealer": "giver",
        "to_move": "{name} sin tur: {phase}",
        "phase_draw": "trekk et kort",
        "phase_play": "legg ned, doner eller kast",
        "phase_play_hit": "legg ned, legg til eller kast",
        "phase_over": "runden er over",
        "deck": "Trekkbunken",
        "discard": "Kastebunken",
        "pile_count": "{n} i bunken",
        "deck_count": "{n} kort",
        "empty": "tom",
        "level": "nivå {n}",
        "laid_down": "✔ har lagt ned",
        "waiting": "har ikke lagt ned ennå",
        "penalties": "straffepoeng fra tidligere runder: {n}",
        "penalties_total": "straffepoeng totalt, denne runden medregnet: {n}",
        "hand": "Hånd",
        "hidden_hand": "{n} kort, skjult",
        "no_cards": "ingen kort",
        "you": "deg",
        "what": "Hva som skjer",
        "rule": "Regelen",
        "deal": "Utdelingen: hver spiller får {n} kort, og toppkortet i trekkbunken starter kastebunken. {name}, til venstre for giver, begynner.",
        "draw_deck": "{name} trekker {card} fra trekkbunken.",
        "draw_deck_hidden": "{name} trekker et kort fra trekkbunken.",
        "draw_discard": "{name} tar {card} fra toppen av kastebunken.",
        "reshuffle": "Trekkbunken var tom: kastebunken under toppkortet stokkes til en ny trekkbunke på {n} kort.",
        "lay_down": "{name} legger ned nivå {level}: {melds}.",
        "lay_down_jokers": "Det bruker {jokers}.",
        "donate": "{name} gir bort {card} til {meld} hos {owner}.",
        "donate_joker": "{name} gir bort {card} som joker for {face} til {meld} hos {owner}.",
        "donate_own": "{name} legger {card} til {meld} hos seg selv.",
        "wild_as": "joker som {face}",
        "donate_joker_own": "{name} legger {card} som joker for {face} til {meld} hos seg selv.",
        "discard_card": "{name} kaster {card}.",
        "goes_out": "Det var det siste kortet til {name}: {name} går ut.",
        "end_out": "Runden er over: {name} gikk ut.",
        "end_impossible": "Runden er over: ingen av spillerne som venter, kan noensinne klare nivået sitt med kortene som er igjen i sirkulasjon.",
        "end_stalemate": (
            "Runden er over: alle hadde lagt ned, og i like mange turer som det var kort i trekkbunken og kastebunken, kom ingen "
            "kort på bordet og ingen gikk ut."
        ),
        "end_turn_limit": "Runden er over: den nådde motorens grense på {n} turer mens noen fortsatt ventet på å legge ned.",
        "rule_deal": (
            "Oppsett: Alle kortene blandes til én trekkbunke. Hver spiller får {n} kort. Toppkortet snus og starter "
            "kastebunken. Spilleren til venstre for giver begynner, og turen går med klokka."
        ),
        "rule_draw": (
            "Hver tur begynner likt: trekk 1 kort, enten fra den skjulte trekkbunken eller det øverste (synlige) kortet fra "
            "kastebunken. Kun toppkortet kan tas; det er ikke lov å grave."
        ),
        "rule_reshuffle": ("Går trekkbunken tom, stokkes kastebunken og blir ny trekkbunke; toppkortet blir liggende som start på en ny kastebunke."),
        "rule_lay_down": (
            "Legg ned regelen din: har du hele kombinasjonen for nivået ditt komplett, legger du den ned foran deg, alt eller "
            "ingenting, samlet, på din egen tur. {level}"
        ),
        "rule_donate": (
            "Etter at du har lagt ned din egen regel, kan du legge løse kort fra hånda på hvilke som helst nedlagte kombinasjoner på "
            "bordet, dine egne eller andres. På en straight må kortet fortsette rekka i samme sort, i en av endene, aldri forbi et "
            "ess; på et sett må kortet ha samme rang."
        ),
        "rule_donate_joker": "Donerte jokere må representere et gyldig kort som faktisk fortsetter kombinasjonen, og låses til den verdien.",
        "rule_discard": "Kast 1 kort til kastebunken: det avslutter turen.",
        "rule_out": (
            "Runden slutter umiddelbart når en spiller blir kvitt alle kortene på hånda, uansett om det siste kortet forsvant via "
            "kast, donering eller selve nedlegget."
        ),
        "rule_end_out": (
            "Den som gikk ut, får 0 straffepoeng; alle andre får straffepoeng for kortene de sitter igjen med. Alle som la ned "
            "regelen sin, rykker opp ett nivå."
        ),
        "rule_end_impossible": (
            "Sikkerhetsventilen: når ingen av spillerne som venter på å legge ned, noensinne kan klare nivået sitt, avsluttes runden "
            "uten at noen går ut. De som hadde lagt ned, rykker opp som normalt, og alle får straffepoeng for kortene sine."
        ),
        "rule_end_stalemate": (
            "Fastlåsingsvakten er en sikring i dette programmet, ikke en regel i spillet: den avslutter en runde der ingenting "
            "lenger kan endre seg. De som la ned, rykker opp, og alle får "
            "straffepoeng for kortene sine."
        ),
        "rule_end_turn_limit": (
            "Turgrensen er ingen regel i spillet: den stopper dataspillere som aldri legger ned. De som la ned, rykker opp, og "
            "alle får straffepoeng for kortene sine."
        ),
        "summary": "Slutten på runden",
        "col_player": "Spiller",
        "col_round": "Straffepoeng denne runden",
        "col_total": "Totalt",
        "col_next": "Neste",
        "moves_up": "rykker opp til nivå {n}",
        "stays": "blir stående på nivå {n}",
        "completes": "fullførte nivå {n}",
        "winners": "Spillet er over. Vinner: {names}.",
        "meld_run": "straighten ({n})",
        "meld_set": "settet ({n})",
        "no_game": "Ikke noe spill ennå.",
        "error": "Kunne ikke åpne det lagrede spillet: {error}",
        "level_phase": "fase {n}",
        "lay_down_phase": "{name} legger ned fase {level}: {melds}.",
        "lay_down_jokers_phase": "Den bruker {jokers}.",
        "donate_phase": "{name} legger {card} til {meld} hos {owner}.",
        "donate_joker_phase": "{name} legger en joker som står for {face}, til {meld} hos {owner}.",
        "donate_own_phase": "{name} legger {card} til {meld} hos seg selv.",
        "donate_joker_own_phase": "{name} legger en joker som står for {face}, til {meld} hos seg selv.",
        "discard_skip": "{name} kaster et hopp over-kort og velger {target}: {target} mister neste tur.",
        "discard_skip_none": "{name} kaster et hopp over-kort; alle de andre venter allerede på å hoppe over en tur, så ingen rammes.",
        "skipped": "{name} mister denne turen på grunn av et hopp over-kort.",
        "waiting_skip": "mister neste tur (hopp over)",
        "rule_draw_phase": (
            "Hver tur begynner likt: trekk 1 kort, fra trekkbunken eller det øverste kortet i avleggingsbunken; et hopp over-kort der kan aldri tas."
        ),
        "rule_lay_down_phase": "Legg ned hele fasen samtidig, alle delene, aldri en halv fase; bare én fase per runde. {level}",
        "rule_donate_phase": (
            "Når fasen din er nede, kan du legge til kort på alle nedlagte faser, dine egne eller andres. Til like kort samme tall, "
            "til en serie i den lave eller høye enden, til en fargegruppe samme farge."
        ),
        "rule_donate_joker_phase": "En joker kan legges til hvilken som helst gruppe: si hva den står for; den blir liggende med den rollen.",
        "rule_skip": (
            "Når du kaster et hopp over-kort, sier du hvem som skal hoppe over neste tur (ikke en som allerede venter på det). "
            "Hopp over-kort kan ikke tas fra avleggingsbunken og kan aldri legges til en fase."
        ),
        "rule_skipped": "Spilleren som hopper over, verken trekker, legger ned eller kaster på den turen.",
        "rule_end_out_phase": (
            "Den som gikk ut, får ingen straffepoeng; de andre teller kortene de holder. Alle som har lagt ned fasen sin, går videre "
            "til neste fase; de andre prøver samme fase på nytt."
        ),
        "moves_up_phase": "går videre til fase {n}",
        "stays_phase": "blir stående på fase {n}",
        "completes_phase": "fullførte fase {n}",
        "meld_run_phase": "{group} ({n})",  # the checker's own group words: "serie på 4 (2)"
        "meld_colour": "{group} ({n})",
        "meld_set_phase": "{group} ({n})",
        "game": "Spill",
        "round_deciding": "Runde {n}: avgjørende runde",
        "status_deciding": "Runde {round} (avgjørende runde) · steg {k} av {n}",
        "deal_deciding": (
            "En avgjørende runde: {names} klarte fase {level} med like få straffepoeng, færrest ({points}); de spiller fase {level} "
            "på nytt, {n} kort hver, og {others} står over."
        ),
        "rule_deciding": (
            "Står flere likt om seieren, med færrest straffepoeng blant dem som klarte siste fase, spiller bare de en avgjørende runde "
            "av den fasen: den som klarer den med færrest straffepoeng totalt, vinner; står de likt igjen, spiller de en runde til."
        ),
        "sits_out": "står over den avgjørende runden",
        "tie_next": "Likt: {names} klarte fase {level} med {points} straffepoeng hver, så de spiller en avgjørende runde etterpå.",
    },
}
assert set(TEXTS) == set(LANGS)

WHOLE_TABLE: Final = -1
"""The perspective that shows every hand (a teacher's view)."""

MAX_RECORD_KB: Final = MAX_RECORD_BYTES // 1024
"""The largest saved game read, the engine's limit (``upto9.records.MAX_RECORD_BYTES``, 4096 KB; the
sample games are under 100 KB): a bigger upload is refused unread."""

REPLAY_SECONDS: Final = 5.0
"""The longest a saved game may take to open (read and replayed through the engine): a published
page's kernel serves every visitor, so no one's file may keep it busy. The sample games open in
about 0.2 s (some 20 ms a round), so a real game is far inside the limit."""

GAME_SECONDS: Final = 5.0
"""The CPU seconds one of the stepper's controls may take: playing a new game, opening a saved one
(read, replayed and its first round's steps worked out) or showing another round. A game of six
random bots, the slowest the controls can ask for, takes about 2.5 s at worst (40 game numbers
tried; sensible bots, about 0.2 s); past the budget the stepper says so and shows what it showed."""

MAX_SEED: Final = MAX_INT
"""The largest game number the stepper plays: the largest a saved game holds (``upto9.records.MAX_INT``)."""


# ipywidgets' upload button writes "<description> (<files chosen>)" as its text. The label is drawn
# by the stylesheet in the page's language, and the count is taken out of the page by
# _UPLOAD_SCRIPT, so no one reads, copies or hears a "(0)".
_UPLOAD_CSS: Final = (
    "<style>.u9-upload.widget-upload i{margin-right:.4em}"
    + "".join(f'.u9-upload-{lang}.widget-upload::after{{content:"{TEXTS[lang]["load"]}"}}' for lang in LANGS)
    # The autoplay's stop button would send the round back to its start: hidden, so that the play
    # button pauses where the round is; "To the start" is the reset, named as such.
    + ".u9-autoplay.widget-play button:nth-of-type(2){display:none !important}"
    + "</style>"
)

_UPLOAD_SCRIPT: Final = """(() => {
  if (window.u9UploadCount) return;  // once a page, however many steppers it shows
  window.u9UploadCount = true;
  const COUNT = /^\\s*\\(\\d+\\)\\s*$/;
  const drop = () => document.querySelectorAll("button.u9-upload").forEach((button) =>
    [...button.childNodes].forEach((node) => { if (node.nodeType === Node.TEXT_NODE && COUNT.test(node.nodeValue)) node.remove(); }));
  // The autoplay's play button is an icon: its name (for a screen reader, and as its tooltip) is the widget's tooltip.
  const name = () => document.querySelectorAll(".u9-autoplay[title]").forEach((play) => {
    const button = play.querySelector("button"), title = play.getAttribute("title");
    if (button && button.getAttribute("aria-label") !== title) { button.setAttribute("aria-label", title); button.setAttribute("title", title); }
  });
  const both = () => { drop(); name(); };
  new MutationObserver(both).observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["title"]});
  name();
  drop();
})();"""
"""Removes the upload buttons' file count (" (0)", written again on every change of the widget) from
the page: ipywidgets has no option to leave it out. It also names the autoplay's icon button by the
widget's tooltip (ipywidgets puts a tooltip on the widget's box, not on its buttons)."""


def _upload_script() -> w.Output:
    """The script that removes the upload count, as an output of its own (a page runs it once drawn)."""
    from IPython.display import Javascript  # the kernel's: where widgets are drawn, IPython is

    out = w.Output(layout=w.Layout(height="0px", margin="0", overflow="hidden"))
    out.append_display_data(Javascript(_UPLOAD_SCRIPT))  # type: ignore[no-untyped-call]  # IPython has no type hints here
    return out


# --- replaying a round through the engine ------------------------------------------------------------


Action = Drew | LaidDown | Donated | Discarded | RoundEnded


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a round: the action (``None`` for the deal), a reshuffle the draw brought with it,
    every player's view of the round after it (``views[p]`` is the engine's ``Round.view(p)``), and
    the players who lost their turn to a Phase 10 skip as the turn passed on after it."""

    action: Action | None
    reshuffled: Reshuffled | None
    views: tuple[View, ...]
    skipped: tuple[int, ...] = ()


def replay_round(played: Round) -> list[Step]:
    """Replay a round through the engine from its deck, keeping every player's view after each action.

    The deal is step 0; each draw, lay-down, donation and discard is a step (a reshuffle rides with
    the draw that caused it); a finished round has a last step for its end. The replay must give
    the very records the round holds.
    """
    fresh = Round(played.rules, played.levels, played.dealer, played.deck_order, seated=played.seated, made=played.made, deciding=played.deciding)
    fresh.replay_reshuffles(record.deck for record in played.history if isinstance(record, Reshuffled))

    def views() -> tuple[View, ...]:
        return tuple(fresh.view(p) for p in range(fresh.players))

    steps = [Step(None, None, views())]
    pending: Reshuffled | None = None
    for index, record in enumerate(played.history):
        if isinstance(record, Reshuffled):
            pending = record
            continue
        if isinstance(record, Skipped):  # the engine passes the turn by itself: check it did the same
            if index >= len(fresh.history) or fresh.history[index] != record:
                raise ValueError(f"the replay did not skip player {record.player + 1} where the round did")
            steps[-1] = replace(steps[-1], skipped=(*steps[-1].skipped, record.player))
            continue
        got = fresh.play(move_from_dict(record.to_dict(), fresh.rules, fresh.table))  # the one record codec
        if got != record:
            raise ValueError(f"the replay of {record!r} gave {got!r}")
        steps.append(Step(record, pending, views()))
        pending = None
    if fresh.end is not None:
        if fresh.end != played.end:
            raise ValueError(f"the replayed round ended {fresh.end!r}, the game says {played.end!r}")
        steps.append(Step(fresh.end, None, views()))
    return steps


@cache
def _rummy_keys() -> frozenset[str]:
    """The installed families of levels (once: the protocol check looks at every member)."""
    return frozenset(key for key in family_keys() if isinstance(game_family(key), RummyFamily))


def is_rummy(rules: Rules) -> bool:
    """Is ``rules`` a game of levels (drawn with its melds and levels), not one drawn from its zones?

    >>> is_rummy(UPTO9), is_rummy(game_family("threeup").rules)
    (True, False)
    """
    return rules.family in _rummy_keys()


AnyStep = Step | FamilyStep
"""A step of a rummy's round (``Step``) or of any other family's (``upto9.widgets.table.FamilyStep``)."""


def steps_of(game: Game | FamilyGame, index: int) -> list[AnyStep]:
    """The steps of round ``index`` of ``game``: a rummy's replayed by ``replay_round``, any other
    family's through the turn model alone (``replay_family_round``)."""
    if isinstance(game, Game):
        return list(replay_round(game.rounds[index]))
    return list(replay_family_round(game.rounds[index]))


def _play_game(players: int, seed: int, bots: str, rules: Rules) -> Game | FamilyGame:
    """A whole game played by bots from ``seed`` (``upto9.simulate.play_game``); a game without
    levels by its family's default bot (``bots()``), or random bots."""
    if not is_rummy(rules):
        from upto9.bots import RandomBot
        from upto9.simulate import play_game as play_any

        return play_any(players=players, rules=rules, bots=[RandomBot] * players if bots == "random" else None, seed=seed, any_family=True)
    try:
        from upto9.bots import HeuristicBot, RandomBot
        from upto9.simulate import play_game
    except ImportError:  # pragma: no cover - the simulator is part of the engine today
        return _play_simply(players, seed, rules)
    factory = RandomBot if bots == "random" else HeuristicBot
    return play_game(players=players, rules=rules, bots=[factory] * players, seed=seed)


PLAYED_KEPT: Final = 32
"""How many games played from a game number a kernel keeps (``_played``, ``_made``)."""


@lru_cache(maxsize=PLAYED_KEPT)
def _played(players: int, seed: int, bots: str, rules: Rules) -> tuple[Game | FamilyGame, tuple[AnyStep, ...]]:
    """The game bots play from ``seed`` (``_play_game``) and the steps of its first round, kept: a
    game number always gives the same game, and a played game is never changed (the stepper only
    reads it). The published pages' kernels are forked from a process that has run every page once
    (upto9.server.forking), so a page's own games are played there once, not once per learner."""
    game = _play_game(players, seed, bots, rules)
    return game, tuple(steps_of(game, 0))


@lru_cache(maxsize=PLAYED_KEPT)
def _made(maker: Callable[[int], tuple[Game, int]], seed: int) -> tuple[Game, int, tuple[Step, ...]]:
    """``maker(seed)``'s game, the round it names and that round's steps, kept as ``_played`` keeps
    a game (a maker is a page's function of a game number alone)."""
    game, index = maker(seed)
    return game, index, tuple(replay_round(game.rounds[index]))


def _play_simply(players: int, seed: int, rules: Rules) -> Game:  # pragma: no cover - a fallback
    """One round played with the engine's legal moves: lay down when it can, else the first move."""
    game = Game(players=players, rules=rules, seed=seed)
    rng = random.Random(seed)
    while not game.round.over:
        moves = legal_moves(game.view(game.round.turn))
        lay = [m for m in moves if isinstance(m, LayDown)]
        game.play(lay[0] if lay else rng.choice(moves))
    return game


class RoundModel(t.HasTraits):
    """A game and the steps of one of its rounds; ``step`` is where the stepper stands and
    ``perspective`` whose eyes it looks through (``WHOLE_TABLE`` or a seat).

    >>> model = RoundModel()
    >>> model.play(seed=3, players=2)
    >>> model.step, model.last_step > 10, model.current.action is None
    (0, True, True)
    >>> model.forward()
    >>> type(model.current.action).__name__
    'Drew'
    """

    game = t.Any(None, allow_none=True)  # a Game (a rummy's) or any family's FamilyGame
    round_index = t.Int(0)
    steps: t.List[Any] = t.List()
    step = t.Int(0)
    perspective = t.Int(WHOLE_TABLE)
    lang = t.Unicode("en")
    source = t.Tuple()
    error = t.Unicode("")
    rules = t.Instance(Rules)

    def __init__(self, game: Game | None = None, *, lang: str = "en", rules: Rules = UPTO9) -> None:
        self._replayed: tuple[Game | FamilyGame | None, int] = (None, 0)  # the game and round whose steps ``steps`` holds
        self._refusal: Callable[[str], str] | None = None  # ``error`` in a language: it follows the language switch
        self._said: Callable[[str], str] | None = None  # what the page says of it, in a language
        self.refused = ""  # what ``error`` is about: "file", "seed" (the game number typed) or "budget" (an action stopped)
        self.refused_file = ""  # the refused file's name, for the Advanced section
        self.games: tuple[str, ...] = tuple(sorted(_rummy_keys()))  # the families whose saved games it opens (``RoundStepper`` sets it)
        super().__init__(lang=check_lang(lang), rules=rules)
        if game is not None:
            self.set_game(game)

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.observe("lang")
    def _on_lang(self, change: Any) -> None:
        if self.error and self._refusal is not None:  # a refused file's reason follows the language switch
            self.error = self._refusal(str(self.lang))

    def _refuse(self, words: Callable[[str], str], kind: str, said: Callable[[str], str] | None = None) -> None:
        # ``words``: the reason (``error``; for a file, the engine's own words), ``said`` the
        # sentence the page shows a learner (``words`` as a sentence when not given).
        self._refusal = words
        self._said = said
        self.refused = kind
        self.error = words(str(self.lang))

    def said(self) -> str:
        """What the page says of ``error``, in the model's language: for a refused file, the plain
        sentence (``file_mistake``); else the reason as a sentence. ``''`` with no error."""
        if not self.error:
            return ""
        lang = str(self.lang)
        if self._said is not None:
            return self._said(lang)
        return self.error[:1].upper() + self.error[1:] + "."

    def detail(self) -> str:
        """The engine's own words for a refused file, when the page says it more plainly (shown
        under Advanced: a developer's detail); ``''`` otherwise."""
        return self.error if self.error and self.refused == "file" and self._said is not None else ""

    @t.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        return max(0, min(int(proposal["value"]), self.last_step))

    @t.validate("perspective")
    def _valid_perspective(self, proposal: Any) -> int:
        seat = int(proposal["value"])
        players = self.game.players if self.game is not None else 0
        if seat != WHOLE_TABLE and not 0 <= seat < players:
            raise t.TraitError(f"perspective must be {WHOLE_TABLE} (the whole table) or a seat 0 to {players - 1}, not {seat}")
        return seat

    @t.validate("round_index")
    def _valid_round(self, proposal: Any) -> int:
        index = int(proposal["value"])
        rounds = len(self.game.rounds) if self.game is not None else 1
        if not 0 <= index < rounds:
            raise t.TraitError(f"round_index must be 0 to {rounds - 1}, not {index}")
        return index

    @t.observe("round_index")
    def _on_round(self, change: Any) -> None:
        try:
            with within(GAME_SECONDS):  # the work is bounded; the round is shown only once it is done
                steps = self._round_steps()
        except OverBudget:
            self.round_index = change["old"]  # back to the round whose steps are shown
            self._refuse(self._too_long("too_long_round"), "budget")
            return
        if steps is not None:
            self._show_round(steps)

    @staticmethod
    def _too_long(key: str) -> Callable[[str], str]:
        """Why an action was stopped at ``GAME_SECONDS``, in a language."""
        return lambda lang: TEXTS[lang][key].format(seconds=number_text(GAME_SECONDS, lang, 0))

    # --- getting a game ------------------------------------------------------------------------------

    def set_game(self, game: Game | FamilyGame, source: tuple[Any, ...] = ()) -> None:
        """Step through ``game``, from the deal of its first round.

        The game, its round, its steps and the perspective change together: a view drawn between
        them would draw the old game's steps (three players' views) for the new game's players
        (four), the crash of issue 10. The first round is replayed first, so a round that does not
        replay leaves the model as it was."""
        self._show_game(game, steps_of(game, 0), source)

    def _show_game(self, game: Game | FamilyGame, steps: Sequence[AnyStep], source: tuple[Any, ...], round_index: int = 0, at_end: bool = False) -> None:
        """Show ``game`` with the ``steps`` of its round ``round_index`` (worked out by the caller,
        within its budget), from the round's start or ``at_end``."""
        with self.hold_trait_notifications():
            if self.perspective >= game.players:
                self.perspective = WHOLE_TABLE
            self.rules = game.rules  # a new game plays the same rules
            self.game = game
            self.round_index = round_index
            self.steps = list(steps)
            self.step = max(0, len(steps) - 1) if at_end else 0
            self._replayed = (game, round_index)
            self.source = source
            self.error = ""

    def play(self, seed: int = 0, players: int = 3, bots: str = "heuristic") -> None:
        """Play a new game with bots from ``seed`` and step through its first round."""
        try:
            with within(GAME_SECONDS):  # the work is bounded; the game is shown only once it is done
                game, steps = _played(players, seed, bots, self.rules)
        except OverBudget:
            self._refuse(self._too_long("too_long_play"), "budget")  # the game shown stays
            return
        self._show_game(game, steps, ("seed", seed, players, bots))

    def make(self, maker: Callable[[int], tuple[Game, int]], seed: int = 0) -> None:
        """Show the game ``maker(seed)`` plays, at the end of the round it names: a page's own kind
        of game, such as the rules tour's safety-valve game (``upto9.widgets.tour.valve_demo``)."""
        try:
            with within(GAME_SECONDS):  # the work is bounded; the game is shown only once it is done
                game, index, steps = _made(maker, seed)
        except OverBudget:
            self._refuse(self._too_long("too_long_play"), "budget")  # the game shown stays
            return
        call = f"{maker.__module__}.{maker.__qualname__}"
        self._show_game(game, steps, ("made", seed, game.players, call), round_index=index, at_end=True)

    def refuse_seed(self, text: str, game: str = "") -> None:
        """Say that ``text`` is no game number the stepper plays (the game shown stays); with
        ``game``, that a game of it (a rule set's name) waits for the number to be fixed."""
        typed = _one_line(str(text), 40)
        key = ("seed_first" if game else "bad_seed") if typed else ("no_seed_first" if game else "no_seed")  # an empty box: "type a game number"
        self._refuse(lambda lang: TEXTS[lang][key].format(range=seed_range(lang), text=typed, game=game), "seed")

    def load(self, path: str | Path) -> None:
        """Load a saved game record (``upto9.records.load_game``); a bad file sets ``error``."""
        self._open(Path(path), Path(path).name)

    def load_bytes(self, content: bytes, name: str = "") -> None:
        """Load a saved game from a file's bytes (an upload), read as ``load`` reads a file; a bad,
        broken or oversized one sets ``error`` (one line, the engine's reason)."""
        if len(content) > MAX_RECORD_KB * 1024:
            size = -(-len(content) // 1024)  # rounded up: a byte over the limit is not said as the limit

            def big(lang: str) -> Message:
                return Message("record.plain.too_big", size=number_text(size, lang, 0), limit=number_text(MAX_RECORD_KB, lang, 0))

            self._refuse_file(lambda lang: render(big(lang), lang), big, name)
            return
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "upload.json"
            path.write_bytes(content)
            self._open(path, name, content[:16])

    def _open(self, path: Path, name: str, head: bytes | None = None) -> None:
        try:
            with within(GAME_SECONDS):  # the work is bounded; the game is shown only once it is done
                game = self._read(
                    lambda anyone: load_game(path, time_limit=REPLAY_SECONDS, any_family=True) if anyone else load_game(path, time_limit=REPLAY_SECONDS)
                )
                steps = steps_of(game, 0)
        except RecordError as error:  # every refusal, the file's limits and the time limit included
            if head is None:
                head = _head(path)
            self._refuse_record(error, name, head, path)
            return
        except OverBudget:
            self._refuse(self._too_long("too_long_file"), "budget", self._opening_too_long(GAME_SECONDS))
            return
        self._show_game(game, steps, ("file", name))

    def _refuse_record(self, error: RecordError, name: str, head: bytes, path: Path | None = None) -> None:
        """Refuse a file the engine refused: its reason in a learner's words on the page, the
        engine's own under Advanced; a replay stopped at its time limit is said as one."""
        refused = error
        prefix = f"{path}: " if path is not None else ""
        words = lambda lang: _one_line(record_error_text(refused, lang).removeprefix(prefix))  # noqa: E731
        if any(reason.key == "record.time_limit" for reason in _reasons(error.msg)):
            self._refuse(words, "file", self._opening_too_long(REPLAY_SECONDS))
            return
        plain = _not_a_game(error)
        if plain is not None:  # no JSON text: not said in the JSON reader's English detail
            said = plain
            words = lambda lang: _one_line(render(said, lang))  # noqa: E731
        mistake = file_mistake(error, head)
        self._refuse_file(words, lambda _lang: mistake, name)

    def _refuse_file(self, words: Callable[[str], str], reason: Callable[[str], Message | None], name: str) -> None:
        """Refuse a file: ``words`` the engine's reason, ``reason`` the plain one (``record.plain.*``) in a language."""
        self.refused_file = name

        def said(lang: str) -> str:
            names = _rummy_games(self.games, lang)
            games = Items((Items(tuple(names[:-1]), "comma"), names[-1]), "or")  # 'Up to 9, 3UP 3DOWN, Phase 10 or Picture cards'
            why = reason(lang)
            plain = Message("record.plain.not_game", games=games) if why is None else Message("record.plain.not_game_because", games=games, reason=why)
            return render(plain, lang)

        self._refuse(words, "file", said)

    @staticmethod
    def _opening_too_long(limit: float) -> Callable[[str], str]:
        """That opening a file was stopped at ``limit`` seconds, in a language."""

        def words(lang: str) -> str:
            seconds = number_text(limit, lang, 1 if 0 < limit < 1 else 0)
            return TEXTS[lang]["error"].format(error=TEXTS[lang]["too_long_file"].format(seconds=seconds)) + "."

        return words

    def load_record(self, record: Any, name: str = "") -> None:
        """Load a game record already read from JSON (``upto9.records.replay``, within
        ``REPLAY_SECONDS``); a bad one sets ``error``."""
        try:
            with within(GAME_SECONDS):  # the work is bounded; the game is shown only once it is done
                game = self._read(
                    lambda anyone: replay(record, time_limit=REPLAY_SECONDS, any_family=True) if anyone else replay(record, time_limit=REPLAY_SECONDS)
                )
                steps = steps_of(game, 0)
        except RecordError as error:
            self._refuse_record(error, name, b"")
            return
        except OverBudget:
            self._refuse(self._too_long("too_long_file"), "budget", self._opening_too_long(GAME_SECONDS))
            return
        self._show_game(game, steps, ("file", name))

    def _read(self, reader: Callable[[bool], Game | FamilyGame]) -> Game | FamilyGame:
        """A saved game read by ``reader(any_family)``: a game without levels only when the stepper
        offers such a game (``games``), and then only one of those (else the engine's refusal of
        another game)."""
        others = set(self.games) - _rummy_keys()
        game = reader(bool(others))
        if game.rules.family not in self.games:
            raise RecordError(Message("record.at", where="family", reason=Message("record.not_rummy", family=repr(game.rules.family))))
        return game

    def _round_steps(self) -> list[AnyStep] | None:
        """The steps of the round chosen, replayed; ``None`` when they are shown already."""
        if self.game is None or (self._replayed[0] is self.game and self._replayed[1] == self.round_index):
            return None  # set_game replayed this round already
        return steps_of(self.game, self.round_index)

    def _show_round(self, steps: list[AnyStep]) -> None:
        assert self.game is not None
        with self.hold_trait_notifications():
            self.steps = steps
            self.step = 0
            self._replayed = (self.game, self.round_index)

    # --- moving --------------------------------------------------------------------------------------

    @property
    def last_step(self) -> int:
        return max(0, len(self.steps) - 1)

    @property
    def current(self) -> AnyStep:
        return self.steps[self.step]  # type: ignore[no-any-return]

    def forward(self) -> None:
        self.step = min(self.step + 1, self.last_step)

    def back(self) -> None:
        self.step = max(self.step - 1, 0)

    def to_start(self) -> None:
        self.step = 0

    def to_end(self) -> None:
        self.step = self.last_step

    # --- what the round says about its players ---------------------------------------------------------

    def name(self, seat: int) -> str:
        """A player's name; the engine's default names are shown in the widget's language."""
        assert self.game is not None
        name = self.game.names[seat]
        return SHARED[str(self.lang)]["player"].format(n=seat + 1) if name == f"Player {seat + 1}" else name

    def penalties_before(self) -> tuple[int, ...]:
        """Each player's penalty points from the rounds before this one."""
        assert self.game is not None
        totals = [0] * self.game.players
        for played in self.game.rounds[: self.round_index]:
            if played.end is not None:
                for p, points in enumerate(played.end.penalties):
                    totals[p] += points
        return tuple(totals)

    def levels_after(self) -> tuple[int, ...] | None:
        """Each player's level for the next round, as the game scored this one (``None`` while unknown)."""
        assert self.game is not None
        rounds = self.game.rounds
        if self.round_index + 1 < len(rounds):
            return tuple(rounds[self.round_index + 1].levels)
        if rounds[self.round_index].over:
            return tuple(self.game.levels)
        return None


def _reasons(said: Message | None) -> list[Message]:
    """The engine's refusal and the reasons it wraps (``record.at`` -> ``record.cannot_read`` -> ...)."""
    chain: list[Message] = []
    while isinstance(said, Message) and len(chain) < 8:
        chain.append(said)
        try:
            said = said.param("reason")  # type: ignore[assignment]
        except KeyError:
            break
    return chain


def _not_a_game(error: RecordError) -> Message | None:
    """For a file that is no JSON text at all (broken JSON, or no text), the engine's reason, worded
    for a learner (``record.broken_json_plain``: without the JSON reader's own English detail);
    ``None`` for any other refusal."""
    for reason in _reasons(error.msg):
        if reason.key == "record.broken_json":
            return Message("record.broken_json_plain", **{name: reason.param(name) for name in ("line", "column", "where")})
        if reason.key == "record.cannot_read" and any(r.key == "file.not_utf8" for r in _reasons(reason)):
            return reason
    return None


_PICTURES: Final = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"BM", b"II*\x00", b"MM\x00*", b"\x00\x00\x01\x00")
"""How picture files begin (PNG, JPEG, GIF, BMP, TIFF, icon); WebP is ``RIFF....WEBP``."""

_TOO_MUCH: Final = frozenset(
    {"record.nested", "record.long_number", "record.big_number", "record.too_many_values", "record.too_many_rounds", "record.too_many_actions"}
)
"""The engine's refusals of a file beyond any game's size (``upto9.records``' limits)."""

_IN_ROUND: Final = frozenset({"record.where.deal", "record.where.choose", "record.where.round", "record.where.end"})


def _is_picture(head: bytes) -> bool:
    return head.startswith(_PICTURES) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP")


def _head(path: Path) -> bytes:
    """The first bytes of a file, to tell a picture from other files; none when it cannot be read."""
    try:
        with path.open("rb") as file:
            return file.read(16)
    except OSError:
        return b""


def file_mistake(error: RecordError, head: bytes = b"") -> Message | None:
    """Why a file is no saved game, as one plain reason a learner can act on (``record.plain.*``:
    a picture, not text, cut off, saved by a newer upto9, a move that is not legal...), read from
    the engine's refusal and the file's first bytes ``head``; ``None`` when no plain reason fits
    (the engine's own words are under Advanced).

    >>> from upto9.records import replay
    >>> try:
    ...     replay({"format": "upto9-game/2"})
    ... except RecordError as error:
    ...     print(render(file_mistake(error), "nb"))
    den ble lagret av en nyere versjon av upto9; oppdater upto9 for å åpne den
    """
    said = list(error.msg.walk()) if error.msg is not None else []
    keys = {m.key for m in said}
    if "file.not_utf8" in keys:
        return Message("record.plain.picture" if _is_picture(head) else "record.plain.not_text")
    if "record.broken_json" in keys:
        text = head.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
        if not text:
            return Message("record.plain.empty")
        return Message("record.plain.cut_off" if text.startswith(("{", "[")) else "record.plain.other_text")
    if keys & _TOO_MUCH:
        return Message("record.plain.too_much")
    if keys & {"record.not_rummy", "record.family", "record.family_rummy"}:
        return Message("record.plain.other_game")
    for m in said:
        if m.key == "record.format":
            version = re.fullmatch(r'"upto9-game/([0-9]{1,6})"', str(m.param("value")))
            return Message("record.plain.newer" if version and int(version[1]) > 1 else "record.plain.other_text")
        if m.key in ("record.not_record", "record.format_missing"):
            return Message("record.plain.other_text")
        if m.key in ("record.rules_differ", "record.rules_name_key"):
            name = m.param("name" if m.key == "record.rules_differ" else "builtin")
            return Message("record.plain.rules_changed", name=str(name).strip("'\""))
    if "rules.at" in keys:  # the rules inside the file, as the engine read them
        return Message("record.plain.rules_broken")
    for m in said:
        if m.key in ("record.where.action", "record.where.action_at"):
            return Message("record.plain.move", index=m.param("index"), round=m.param("round"))
    for m in said:
        if m.key in _IN_ROUND:
            return Message("record.plain.round", round=m.param("round"))
    return None


def _rummy_games(keys: Sequence[str] | None = None, lang: str = "en") -> list[str]:
    """The card games whose saved games the stepper opens: the names of the families ``keys``
    (by default the game families of levels), in the page's language."""
    families = sorted((game_family(key) for key in (sorted(_rummy_keys()) if keys is None else keys)), key=lambda f: (f.name != UPTO9.name, f.name))
    return [ruleset_name(f.rules, lang) for f in families]  # Up to 9, the site's own game, first


def seed_range(lang: str) -> str:
    """The game numbers the stepper plays, in one wording (the warnings and the page's narrative):
    ``'a whole number from 0 to 9,223,372,036,854,775,807 (about nine quintillion)'``."""
    return TEXTS[lang]["seed_range"].format(limit=number_text(MAX_SEED, lang, 0))


def _one_line(message: str, limit: int = 240) -> str:
    """``message`` on one line, cut at ``limit`` characters: a hostile file cannot flood the page."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


# --- words for a step ---------------------------------------------------------------------------------


def _names_itself(card: PlayingCard) -> bool:
    """Does the card's glyph name it (``'5♥'``; Phase 10's ``'11b'`` does not: its look's ``names_it``)?"""
    return drawer_for(card).card_look(card).names_it


def _meld_text(meld: TableMeld, lang: str) -> str:
    """A meld's cards in a sentence: ``'5♥ 6♥ [2♣=7♥] 8♥'``; Phase 10's by name: ``'red 3, wild
    card as 3'``, ``'rød 3, joker som 3'`` (cards without a glyph that names them)."""
    if not all(_names_itself(p.card) for p in meld.cards):
        said = (TEXTS[lang]["wild_as"].format(face=face_glyph(p.face, lang)) if p.wild else card_text(p.card, lang, article=True) for p in meld.cards)
        return ", ".join(said)
    return " ".join(p.text() for p in meld.cards)


def meld_name(texts: dict[str, str], meld: TableMeld, number: int, rules: Rules, lang: str = "en", size: int | None = None) -> str:
    """``'straight (1)'``, ``'set (2)'``; Phase 10's ``'run (1)'``, ``'colour group (1)'``, in
    Norwegian in the checker's own group words (``'3 like (1)'``, ``'serie på 4 (2)'``) for a
    group of ``size`` cards (the meld's own by default)."""
    key = {GroupKind.RUN: "meld_run", GroupKind.SET: "meld_set", GroupKind.COLOUR: "meld_colour"}[meld.kind]
    words = worded(texts, key, rules)
    if "{group}" not in words:
        return words.format(n=number)
    return words.format(n=number, group=group_name(Group(meld.kind, size or len(meld.cards)), lang, rules))


def _names(model: RoundModel, seats: list[int]) -> str:
    """``'Ada'``, ``'Ada and Cai'``, ``'Ada, Bjørn and Cai'`` (``og`` in Norwegian)."""
    names = [model.name(p) for p in seats]
    word = " og " if model.lang == "nb" else " and "
    return word.join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def _skipped(model: RoundModel, step: Step, what: list[str], why: list[str]) -> tuple[list[str], list[str]]:
    texts = TEXTS[str(model.lang)]
    for seat in step.skipped:
        what.append(texts["skipped"].format(name=model.name(seat)))
    if step.skipped:
        why.append(texts["rule_skipped"])
    return what, why


def describe(model: RoundModel, step: Step, perspective: int) -> tuple[list[str], list[str]]:
    """What happens at ``step`` and the rule behind it, in the model's language, as seen from
    ``perspective``: a card drawn from the deck is named only to the player who drew it (and on
    the whole table)."""
    assert model.game is not None
    lang = str(model.lang)
    texts = TEXTS[lang]
    rules = model.game.rules
    action = step.action
    what: list[str] = []
    why: list[str] = []
    if action is None:
        played = model.game.rounds[model.round_index]
        seats = ((played.dealer + k) % played.players for k in range(1, played.players + 1))
        first = next(seat for seat in seats if played.seated[seat])  # left of the dealer; a deciding round skips who sits out
        if played.deciding:
            seated = [p for p in range(played.players) if played.seated[p]]
            others = [p for p in range(played.players) if not played.seated[p]]
            points = model.penalties_before()[seated[0]]
            what.append(
                texts["deal_deciding"].format(
                    names=_names(model, seated),
                    level=model.game.last_level,
                    points=points,
                    n=rules.hand_size,
                    others=_names(model, others),
                    s="s" if len(others) == 1 else "",
                )
            )
            why.append(texts["rule_deciding"])
        what.append(texts["deal"].format(n=rules.hand_size, name=model.name(first)))
        why.append(texts["rule_deal"].format(n=rules.hand_size))
        return _skipped(model, step, what, why)
    if isinstance(action, RoundEnded):
        if action.reason is EndReason.OUT and action.out is not None:
            what.append(texts["end_out"].format(name=model.name(action.out)))
            why.append(worded(texts, "rule_end_out", rules))
        elif action.reason is EndReason.IMPOSSIBLE:
            what.append(texts["end_impossible"])
            why.append(texts["rule_end_impossible"])
        elif action.reason is EndReason.TURN_LIMIT:
            what.append(texts["end_turn_limit"].format(n=number_text(MAX_TURNS_PER_ROUND, lang, 0)))
            why.append(texts["rule_end_turn_limit"])
        else:
            what.append(texts["end_stalemate"])
            why.append(texts["rule_end_stalemate"])
        return what, why
    name = model.name(action.player)
    after = step.views[action.player]
    if isinstance(action, Drew):
        if step.reshuffled is not None:
            what.append(texts["reshuffle"].format(n=len(step.reshuffled.deck)))
        if action.source is Source.DISCARD:
            what.append(texts["draw_discard"].format(name=name, card=card_text(action.card, lang, article=True)))
        elif perspective in (WHOLE_TABLE, action.player):
            what.append(texts["draw_deck"].format(name=name, card=card_text(action.card, lang, article=True)))
        else:
            what.append(texts["draw_deck_hidden"].format(name=name))
        why.append(worded(texts, "rule_draw", rules))
        if step.reshuffled is not None:
            why.append(texts["rule_reshuffle"])
    elif isinstance(action, LaidDown):
        level = rules.level(action.level if action.level is not None else after.levels[action.player])
        melds = " · ".join(_meld_text(m, lang) for m in action.melds)
        what.append(worded(texts, "lay_down", rules).format(name=name, level=level.number, melds=melds))
        what.append(worded(texts, "lay_down_jokers", rules).format(jokers=jokers_text(sum(m.jokers for m in action.melds), lang, rules)))
        level_words = f"{level_title(rules, level.number, lang)}: {contract_text(level, lang, rules=rules)}; {budget_text(level, lang, rules=rules)}."
        why.append(worded(texts, "rule_lay_down", rules).format(level=level_words))
    elif isinstance(action, Donated):
        meld = after.table[action.owner][action.meld]
        called = meld_name(texts, meld, action.meld + 1, rules, lang, size=len(meld.cards) - 1)  # the group as it was hit
        owner = model.name(action.owner)
        own = "_own" if action.owner == action.player else ""  # "their own straight", not "Bot 1's" for Bot 1
        card = card_text(action.card, lang, article=True)
        if action.wild:
            face = face_glyph(action.face, lang)
            what.append(worded(texts, f"donate_joker{own}", rules).format(name=name, card=card, face=face, owner=owner, meld=called))
        else:
            what.append(worded(texts, f"donate{own}", rules).format(name=name, card=card, owner=owner, meld=called))
        why.append(worded(texts, "rule_donate", rules))
        if action.wild:
            why.append(worded(texts, "rule_donate_joker", rules))
    elif action.card.skips:
        if action.target is None:
            what.append(texts["discard_skip_none"].format(name=name))
        else:
            what.append(texts["discard_skip"].format(name=name, target=model.name(action.target)))
        why.append(texts["rule_skip"])
    else:
        what.append(texts["discard_card"].format(name=name, card=card_text(action.card, lang, article=True)))
        why.append(texts["rule_discard"])
    if not after.hand and not isinstance(action, Drew):
        what.append(texts["goes_out"].format(name=name))
        why.append(texts["rule_out"])
    return _skipped(model, step, what, why)


class RoundStepper(ModelLanguage, DrawnView, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The round stepper view. ``RoundStepper(seed=7, players=3, lang="nb")`` plays a game with
    bots and shows its first round; ``RoundStepper(game=game)`` or ``RoundStepper(record="game.json")``
    shows a game you have; ``RoundStepper(rules=PHASE10)`` plays Phase 10. ``stepper.model`` is the ``RoundModel``.

    ``rule_sets=(UPTO9, PHASE10)`` puts the game on the page as a choice: picking one plays a new game
    of it from the seed, or loads its saved game when ``records`` names one for it
    (``records={"upto9": "sample_game.json", "phase10": "sample_phase10_game.json"}``).

    ``new_game=valve_demo`` makes the page's own kind of game: ``new_game(seed)`` returns a game and
    the round to show (at its end); "Play a new game" plays another from the game number typed.
    """

    def __init__(
        self,
        model: RoundModel | None = None,
        *,
        game: Game | None = None,
        record: str | Path | None = None,
        seed: int = 0,
        players: int = 3,
        rules: Rules | None = None,
        lang: str | None = None,
        rule_sets: Sequence[Rules] = (),
        records: Mapping[str, str | Path] | None = None,
        new_game: Callable[[int], tuple[Game, int]] | None = None,
        **kwargs: Any,
    ) -> None:
        self.new_game = new_game
        self.model = model if model is not None else RoundModel(lang=lang or "en", rules=rules or UPTO9)
        if rules is not None:
            self.model.rules = rules
        if lang is not None:
            self.model.lang = lang
        self.records = dict(records or {})
        if game is None and record is None:
            record = self.records.get(self.model.rules.key)
        self.rule_sets = tuple(rule_sets)
        if any(not is_rummy(r) for r in self.rule_sets):  # its saved games open too, and no others
            self.model.games = tuple(sorted(_rummy_keys() | {r.family for r in self.rule_sets}))
        self._game_choice = w.ToggleButtons(options=[(ruleset_name(r), i) for i, r in enumerate(self.rule_sets)], value=None)
        self._game_choice.add_class("u9-ruleset")
        self._game_choice.layout.display = None if len(self.rule_sets) > 1 else "none"
        self._game_choice.observe(guard(self, self._game_picked), names="value")
        if game is not None:
            self.model.set_game(game)
        elif record is not None:
            self.model.load(record)
        elif new_game is not None:
            self.model.make(new_game, seed)
        elif self.model.game is None:
            self.model.play(seed=seed, players=players)
        self._title = w.HTML()
        self._source = w.HTML()
        # Sent when the learner presses Enter or leaves the box (not at every key): Enter plays the number, as "Play a new game" does.
        self._seed = GameNumber(value=str(seed), layout=w.Layout(width="16em"), style={"description_width": "initial"})
        self._seed.observe(guard(self, self._typed), names="value")
        self._players = w.Dropdown(
            options=list(range(self.model.rules.min_players, self.model.rules.max_players + 1)), value=players, layout=w.Layout(width="11em")
        )
        self._bots = w.Dropdown(layout=w.Layout(width="20em"))
        self._play = w.Button(icon="play-circle", button_style="info", layout=w.Layout(width="auto"))
        self._play.on_click(guard(self, lambda _b: self.play()))
        # What a new game is played with: shown for a game the bots played, hidden for a saved one.
        # Why a game number was refused, right under its box (a control that did nothing says why where it is).
        # Width 0 at least the row's: a long note wraps under the box instead of widening the row,
        # which would push "Play a new game" and "Load a saved game…" to the next line.
        self._seed_note = w.HTML(layout=w.Layout(flex="1 0 100%", width="0", min_width="100%", margin="2px 0"))  # no side margins: 100% fits its row
        self._new_game = w.HBox([self._seed, self._seed_note, self._players, self._bots], layout=w.Layout(flex_flow="row wrap"))
        self._upload = w.FileUpload(accept=".json", multiple=False, description="", layout=w.Layout(width="auto"))
        self._upload.add_class("u9-upload")
        self._upload.observe(guard(self, self._uploaded), names="value")
        self._rounds = w.Dropdown(layout=w.Layout(width="auto", min_width="12em"))
        self._rounds.observe(guard(self, self._round_picked), names="value")
        self._perspective = w.Dropdown(layout=w.Layout(width="22em"))
        self._perspective.observe(guard(self, self._perspective_picked), names="value")
        # Font Awesome icons (shipped with ipywidgets): the ⏮ ⏭ glyphs are missing from common fonts.
        self._start = w.Button(icon="fast-backward", layout=w.Layout(width="3.2em"))
        self._start.on_click(guard(self, lambda _b: self.model.to_start()))
        self._back = w.Button(icon="step-backward", layout=w.Layout(width="3.2em"))
        self._back.on_click(guard(self, lambda _b: self.model.back()))
        self._forward = w.Button(icon="step-forward", layout=w.Layout(width="3.2em"))
        self._forward.on_click(guard(self, lambda _b: self.model.forward()))
        self._end = w.Button(icon="fast-forward", layout=w.Layout(width="3.2em"))
        self._end.on_click(guard(self, lambda _b: self.model.to_end()))
        self._slider = w.IntSlider(min=0, max=max(1, self.model.last_step), continuous_update=True, layout=w.Layout(width="28em"))
        self._autoplay = w.Play(min=0, max=max(1, self.model.last_step), interval=500, show_repeat=False)
        self._autoplay.add_class("u9-autoplay")  # its stop button hidden (the stylesheet): play pauses where it is
        self._speed = w.IntSlider(value=2, min=1, max=10, layout=w.Layout(width="22em"))
        self._speed.observe(guard(self, lambda change: setattr(self._autoplay, "interval", int(1000 / max(1, change["new"])))), names="value")
        t.link((self._autoplay, "value"), (self._slider, "value"))
        self._slider.observe(guard(self, self._slid), names="value")
        self._developer = w.HTML()
        self._advanced = Advanced([self._developer], lang=str(self.model.lang))
        self._synced: Game | FamilyGame | None = None  # the game the new-game controls were last set from
        self._status = w.HTML()
        self._table = w.HTML()
        self._action = w.HTML()
        self._error = w.HTML()
        self._shown: tuple[Any, ...] = ()
        super().__init__(
            [
                style_tag(),
                w.HTML(_UPLOAD_CSS, layout=w.Layout(height="0px", margin="0", overflow="hidden")),
                _upload_script(),
                self._title,
                self._game_choice,
                # Top-aligned: a refusal under the box makes its row taller, and Play and Load stay beside the box.
                w.HBox([self._new_game, self._play, self._upload], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                w.HBox([self._rounds, self._perspective], layout=w.Layout(flex_flow="row wrap")),
                self._source,
                self._error,
                w.HBox([self._start, self._back, self._forward, self._end, self._slider], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                w.HBox([self._autoplay, self._speed], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self._status,
                self._action,
                self._table,
                self._advanced,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.model.observe(guard(self, self.update), names=["steps", "step", "perspective", "lang", "game", "round_index", "error", "source"])
        self.update()

    # --- controls ------------------------------------------------------------------------------------

    def play(self) -> None:
        """Play a new game from the game number, players and bots chosen (as the button does): the
        number typed since the game shown was dealt, else the next one; a game number that is no
        whole number from 0 to ``MAX_SEED`` is refused, the game shown stays."""
        # The next game number unless one was typed since this game was dealt: a learner pressing
        # the button expects a new deal, not the same cards again (as the seat and page 9 deal).
        source = self.model.source
        dealt = source[1] if source and source[0] in ("seed", "made") and isinstance(source[1], int) else None
        typed = self._seed.for_new_game(dealt, MAX_SEED) if dealt is not None else self._seed.typed(MAX_SEED)
        seed = typed if isinstance(typed, int) else None
        if seed is None and self._new_game.layout.display == "none":
            seed = 0  # hidden under a saved game, the field is not the learner's (as for ``pick``)
        if seed is None:
            self.model.refuse_seed(self._seed.value)
            return
        if self.new_game is not None:
            self.model.make(self.new_game, seed)
        else:
            self.model.play(seed=seed, players=self._seats(self.model.rules), bots=self._bots.value or "heuristic")
        self._seed.show(seed)  # dealt: the next press deals the next number (the same game object may come back)

    def _seats(self, rules: Rules) -> int:
        """The players chosen, within what ``rules`` seats (the picture-card game: 2 or 3)."""
        return max(rules.min_players, min(int(self._players.value), rules.max_players))

    def pick(self, rules: Rules) -> None:
        """Show a game of ``rules`` (as a click on its button does): its saved game if ``records``
        names one, else a new game played from the seed with the players and bots chosen."""
        if self.model.game is not None and self.model.game.rules.key == rules.key:
            return
        seed = game_number(self._seed.value)
        typed = self._new_game.layout.display != "none"  # hidden under a saved game, the field is not the learner's
        if seed is None and typed and rules.key not in self.records:  # the game would be played from that number
            self.model.refuse_seed(self._seed.value, game=rules.name)
            self._shown = ()  # drawn again in full: the game choice back on the game shown
            self.update()
            return
        self.model.rules = rules
        path = self.records.get(rules.key)
        if path is not None:
            self.model.load(path)
        else:
            self.model.play(seed=seed or 0, players=self._seats(rules), bots=self._bots.value or "heuristic")

    def _typed(self, change: Any) -> None:
        # A number typed and entered: played as the button plays it, so an old refusal goes with
        # the text it was about (a new bad text is refused in its own words).
        if not self._drawing and not self._seed.showing and self._new_game.layout.display != "none":
            self.play()
            # Still the learner's number: the box sends it as they leave it for the button, whose
            # click then plays that number (with the players and bots chosen), not the next one.
            self._seed.chosen = True

    def _game_picked(self, change: Any) -> None:
        if change["new"] is not None and not self._drawing:
            self.pick(self.rule_sets[change["new"]])

    def _slid(self, change: Any) -> None:
        if not self._drawing and change["new"] != self.model.step:
            self.model.step = change["new"]

    def _round_picked(self, change: Any) -> None:
        if not self._drawing and change["new"] is not None and change["new"] != self.model.round_index:
            self.model.round_index = change["new"]

    def _perspective_picked(self, change: Any) -> None:
        if not self._drawing and change["new"] is not None and change["new"] != self.model.perspective:
            self.model.perspective = change["new"]

    def _uploaded(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        self._upload.value = ()  # so the same file chosen again is read again
        self.model.load_bytes(bytes(upload["content"]), str(upload["name"]))

    # --- drawing -------------------------------------------------------------------------------------

    def _draw(self) -> None:
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        game = model.game
        said = model.said()
        at_box = model.refused == "seed"  # a game number's refusal sits under its box, every other one above the round
        self._seed_note.value = f'<div class="u9-error" role="alert">⚠ {escape(said)}</div>' if said and at_box else ""
        self._error.value = f'<div class="u9-error" role="alert">⚠ {escape(said)}</div>' if said and not at_box else ""
        if game is None:
            self._table.value = f'<div class="u9-note">{escape(texts["no_game"])}</div>'
            return
        shown = (lang, id(game), len(game.rounds), model.round_index, len(model.steps))
        if shown != self._shown:
            self._shown = shown
            self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])}</h3>"
            self._game_choice.description = texts["game"]
            shown_game = next((i for i, r in enumerate(self.rule_sets) if r.key == game.rules.key), None)
            names = tuple((ruleset_name(r, lang), i) for i, r in enumerate(self.rule_sets))  # Picture cards is Bildekort
            if tuple(self._game_choice.options) != names:
                self._game_choice.options = names
            if self._game_choice.value != shown_game:
                self._game_choice.value = shown_game
            self._seed.description = texts["seed"]
            self._players.description = texts["players"]
            bots = [(texts["bots_heuristic"], "heuristic"), (texts["bots_random"], "random")]
            value = self._bots.value or "heuristic"
            self._bots.options = bots
            self._bots.value = value
            self._bots.description = texts["bots"]
            self._play.description = texts["play"]
            self._upload.tooltip = texts["load"]
            for other in LANGS:  # the label the stylesheet draws on the upload button
                (self._upload.add_class if other == lang else self._upload.remove_class)(f"u9-upload-{other}")
            self._advanced.lang = lang
            self._rounds.description = texts["round"]
            self._rounds.options = [
                (texts["round_deciding" if getattr(r, "deciding", False) else "round_option"].format(n=i + 1), i) for i, r in enumerate(game.rounds)
            ]
            seats = list(range(game.rules.min_players, game.rules.max_players + 1))
            if list(self._players.options) != seats:  # the game's own table sizes (the picture-card game: 2 or 3)
                chosen = max(seats[0], min(int(self._players.value), seats[-1]))
                self._players.options = seats
                self._players.value = chosen
            self._perspective.description = texts["perspective"]
            self._perspective.options = [(texts["whole"], WHOLE_TABLE)] + [(texts["seat_view"].format(name=model.name(p)), p) for p in range(game.players)]
            for button, key in ((self._start, "start"), (self._back, "back"), (self._forward, "forward"), (self._end, "end")):
                button.tooltip = texts[key]
            self._slider.description = texts["step"]
            self._slider.max = max(1, model.last_step)
            self._autoplay.max = max(1, model.last_step)
            self._autoplay.tooltip = texts["autoplay"]
            self._speed.description = texts["speed"]
            self._speed.tooltip = texts["speed_tip"]
        if self._rounds.value != model.round_index:
            self._rounds.value = model.round_index
        if self._perspective.value != model.perspective:
            self._perspective.value = model.perspective
        if self._slider.value != model.step:
            self._slider.value = model.step
        self._draw_source(texts, game)
        self._status.value, self._action.value, self._table.value = render_step(model, model.step, model.perspective)

    def _draw_source(self, texts: dict[str, str], game: Game | FamilyGame) -> None:
        """Where the game comes from, in a learner's words; the engine's calls and the file's name in
        the Advanced section. The new-game controls show only for a game the bots played (and are set
        to it), not for a saved one they do not apply to."""
        source = self.model.source
        made = bool(source) and source[0] == "made"  # the page's own kind of game: only its number is chosen
        played = bool(source) and source[0] == "seed"
        if (played or made) and self._synced is not game:
            self._synced = game
            self._seed.show(source[1])  # the page's doing: the number dealt (``GameNumber.for_new_game``)
            if played:
                self._bots.value = source[3]
                if source[2] in self._players.options:
                    self._players.value = source[2]
        self._new_game.layout.display = None if played or made else "none"
        self._players.layout.display = self._bots.layout.display = "none" if made else None
        developer = ""
        prose = ""  # what the code below it means, in words (the narrative's Advanced note once said it)
        if made:
            line = texts["source_made"].format(seed=source[1], players=source[2])
            developer = texts["advanced_made"].format(call=source[3], seed=source[1])
            prose = texts["seed_is"]
        elif played:
            bots = texts["bots_random" if source[3] == "random" else "bots_heuristic"]
            line = texts["source_seed"].format(bots=bots, seed=source[1], players=source[2])
            bot = "RandomBot" if source[3] == "random" else "HeuristicBot"
            developer = texts["advanced_seed"].format(players=source[2], seed=source[1], bot=bot)
            if not is_rummy(game.rules):  # the family's default bot (its bots()), or random ones
                bots = f"bots=[RandomBot] * {source[2]}, " if source[3] == "random" else ""
                call = f"upto9.simulate.play_game(players={source[2]}, rules=game_family({game.rules.family!r}).rules, seed={source[1]}, {bots}any_family=True)"
                developer = texts["advanced_family_seed"].format(call=call)  # the call is code in both languages
            prose = texts["seed_is"]
        elif source and source[0] == "file":
            line = texts["source_file"].format(players=game.players)
            developer = texts["advanced_file"].format(name=source[1]) if source[1] else ""
        else:
            line = texts["source_given"].format(players=game.players)
        self._source.value = f'<div class="u9-note">{escape(line)}</div>'
        notes = [developer] if developer else []
        detail = self.model.detail()
        if detail:  # a refused file: the engine's own words, the format and field names a developer reads
            notes.append(texts["advanced_refused"].format(name=self.model.refused_file or "?", detail=detail))
        said = f'<div class="u9-note">{escape(prose)}</div>' if prose else ""
        self._developer.value = said + "".join(f'<div class="u9-note"><code>{escape(note)}</code></div>' for note in notes)
        self._advanced.layout.display = None if notes else "none"


def render_step(model: RoundModel, index: int, perspective: int) -> tuple[str, str, str]:
    """The status line, the action and the table at step ``index``, as HTML, seen from
    ``perspective``. A player's perspective is drawn from that player's engine view alone."""
    assert model.game is not None
    if not isinstance(model.game, Game):
        return render_family_step(model, index, perspective)
    lang = str(model.lang)
    texts = TEXTS[lang]
    step: Step = model.steps[index]
    players = model.game.players
    played = model.game.rounds[model.round_index]
    rules = model.game.rules
    # The only state drawn: every view for the whole table, one player's own view otherwise.
    views: dict[int, View] = dict(enumerate(step.views)) if perspective == WHOLE_TABLE else {perspective: step.views[perspective]}
    public = next(iter(views.values()))  # table, discard pile, counts: the same in every view
    status = texts["status_deciding" if played.deciding else "status"].format(round=model.round_index + 1, k=index, n=model.last_step)
    playing = texts["phase_play_hit" if getattr(game_family(rules.family), "donating", "donate") == "hit" else "phase_play"]  # the game's own word
    phase = {Phase.DRAW: texts["phase_draw"], Phase.PLAY: playing, Phase.OVER: texts["phase_over"]}[public.phase]
    turn = texts["phase_over"] if public.phase is Phase.OVER else texts["to_move"].format(name=model.name(public.turn), phase=phase)
    status_html = f"<div><b>{escape(status)}</b> · {escape(turn)}</div>"

    what, why = describe(model, step, perspective)
    action_html = (
        f'<div role="status" aria-live="polite"><b>{escape(texts["what"])}:</b> {escape(" ".join(what))}</div>'
        f'<div class="u9-note"><b>{escape(texts["rule"])}:</b> {escape(" ".join(why))}</div>'
    )

    piles = []
    deck = card_html(None, count=public.deck_count, lang=lang, badge=False) if public.deck_count else f"<span class='u9-note'>{escape(texts['empty'])}</span>"
    piles.append(card_row([deck, f"<span class='u9-note'>{escape(texts['deck_count'].format(n=public.deck_count))}</span>"], texts["deck"]))
    top = public.discard_top
    pile = card_html(top, lang=lang) if top is not None else f"<span class='u9-note'>{escape(texts['empty'])}</span>"
    piles.append(card_row([pile, f"<span class='u9-note'>{escape(texts['pile_count'].format(n=len(public.discard)))}</span>"], texts["discard"]))

    before = model.penalties_before()
    # At the round's end each seat says the total the summary shows, this round included; before
    # it, the points of the rounds before, worded so that neither reads as the other.
    ended = step.action if isinstance(step.action, RoundEnded) else None
    seats = []
    for p in range(players):
        marks = []
        if p == played.dealer:
            marks.append(texts["dealer"])
        if p == perspective:
            marks.append(texts["you"])
        head = model.name(p) + (f" ({', '.join(marks)})" if marks else "")
        laid = texts["laid_down"] if public.laid_down[p] else texts["waiting"]
        if not played.seated[p]:
            laid = texts["sits_out"]
        info = f"{worded(texts, 'level', rules).format(n=public.levels[p])} · {laid} · {penalty_words(texts, before[p], ended, p)}"
        if public.waiting_skip and public.waiting_skip[p]:
            info += f" · {texts['waiting_skip']}"
        own = views.get(p)
        if own is not None:
            hand = card_row((card_html(c, lang=lang) for c in own.hand), texts["hand"])
        else:
            hidden = public.hand_counts[p]
            back = card_html(None, count=hidden, lang=lang) if hidden else f"<span class='u9-note'>{escape(texts['no_cards'])}</span>"
            hand = card_row([back], texts["hand"], row_label=texts["hidden_hand"].format(n=hidden))
        melds = "".join(
            card_row(
                (card_html(pl.card, pl.face, real=not pl.wild and rules.is_wild(pl.card), lang=lang) for pl in meld.cards),
                meld_name(texts, meld, i + 1, rules, lang),
            )
            for i, meld in enumerate(public.table[p])
        )
        turn_class = " u9-turn" if public.turn == p and public.phase is not Phase.OVER else ""
        seats.append(
            f'<div class="u9-player{turn_class}" role="group" aria-label="{escape(model.name(p))}">'
            f"<div><b>{escape(head)}</b> <span class='u9-note'>{escape(info)}</span></div>{hand}{melds}</div>"
        )
    table_html = "".join(piles) + "".join(seats)
    if isinstance(step.action, RoundEnded):
        table_html = _summary(model, step.action) + table_html
    return status_html, action_html, table_html


def penalty_words(texts: dict[str, str], before: int, ended: RoundEnded | None, seat: int) -> str:
    """A seat's penalty points: from the rounds before, or once the round has ended the total with it."""
    if ended is None:
        return texts["penalties"].format(n=before)
    return texts["penalties_total"].format(n=before + ended.penalties[seat])


def _summary(model: RoundModel, end: RoundEnded) -> str:
    """Penalty points and who moves up, as the engine scored the round."""
    assert model.game is not None
    texts = TEXTS[str(model.lang)]
    before = model.penalties_before()
    after = model.levels_after()
    played = model.game.rounds[model.round_index]
    last = len(model.game.rules.levels)
    rows = []
    for p in range(model.game.players):
        level = played.levels[p]
        if after is None:
            nxt = ""
        elif not played.seated[p]:
            nxt = texts["sits_out"]
        elif end.laid_down[p] and level == last:
            nxt = worded(texts, "completes", model.game.rules).format(n=level)
        elif after[p] > level:
            nxt = worded(texts, "moves_up", model.game.rules).format(n=after[p])
        else:
            nxt = worded(texts, "stays", model.game.rules).format(n=after[p])
        rows.append(f"<tr><td>{escape(model.name(p))}</td><td>{end.penalties[p]}</td><td>{before[p] + end.penalties[p]}</td><td>{escape(nxt)}</td></tr>")
    head = "<tr>" + "".join(f"<th>{escape(texts[key])}</th>" for key in ("col_player", "col_round", "col_total", "col_next")) + "</tr>"
    winners = ""
    if model.game.winners and model.round_index == len(model.game.rounds) - 1:
        winners = f"<div class='u9-ok'>{escape(texts['winners'].format(names=', '.join(model.name(p) for p in model.game.winners)))}</div>"
    following = model.game.rounds[model.round_index + 1] if model.round_index + 1 < len(model.game.rounds) else None
    if following is not None and following.deciding:
        tied = [p for p in range(model.game.players) if following.seated[p]]
        words = texts["tie_next"].format(names=_names(model, tied), level=model.game.last_level, points=before[tied[0]] + end.penalties[tied[0]])
        winners += f"<div class='u9-note'><b>{escape(words)}</b></div>"
    return f"<div><b>{escape(texts['summary'])}</b><table class='u9-table'>{head}{''.join(rows)}</table>{winners}</div>"


def render_family_step(model: RoundModel, index: int, perspective: int) -> tuple[str, str, str]:
    """``render_step`` for a game without levels, through the turn model alone: the status line,
    what happened in the family's words as ``perspective`` may know it (``DescribedFamily``), and
    the table drawn from the round's zones (``upto9.widgets.table``)."""
    game = model.game
    assert game is not None
    lang = str(model.lang)
    texts = TEXTS[lang]
    step: FamilyStep = model.steps[index]
    key = game.rules.family
    names = [model.name(p) for p in range(game.players)]
    played = game.rounds[model.round_index]
    status = texts["status"].format(round=model.round_index + 1, k=index, n=model.last_step)
    turn = texts["phase_over"] if step.over else texts["to_move_family"].format(name=names[step.turn])
    status_html = f"<div><b>{escape(status)}</b> · {escape(turn)}</div>"
    what = step_words(step, key, names, perspective, lang)
    if index == 0:
        what.insert(0, texts["deal_family"].format(name=names[step.turn]))
    action_html = f'<div role="status" aria-live="polite"><b>{escape(texts["what"])}:</b> {escape(" ".join(what))}</div>'
    table = table_html(step, key, names, perspective, lang, dealer=played.dealer, used=used_zones(model.steps))
    if step.over and game.over and model.round_index == len(game.rounds) - 1:
        won = texts["winners"].format(names=", ".join(names[p] for p in game.winners)) if game.winners else texts["no_winner"]
        table = f"<div class='u9-ok'>{escape(won)}</div>" + table
    return status_html, action_html, table

"""Regenerate racebook/rf90/data/race_deck.toml (the invented Race deck).

The manual gives only ranges (MP 1–4, check 1–99, §5.1) and no composition
(§0.1). This script writes a 99-card deck, one card per check factor, with a
fixed seed, then pins the cards the manual's worked examples mention so they
replay exactly. Run: python tools/make_race_deck.py > racebook/rf90/data/race_deck.toml
"""

import random

rng = random.Random(1990)
COLOURS = ["red"] * 30 + ["green"] * 27 + ["orange"] * 24 + ["yellow"] * 18
rng.shuffle(COLOURS)

# Cards the examples need (check -> fields). Ex. numbers refer to digest §30.
PINNED = {
    13: dict(colour="orange", mp=3),  # Ex. 5 Orange qualifying card 3 (13)
    74: dict(colour="green", mp=2),  # Ex. 5 Blue 2 (74)
    17: dict(colour="red", mp=3, tyres=1),  # Ex. 5 Green 3 (17)
    25: dict(colour="red", mp=4, tyres=2),  # Ex. 3 value 4 (25)
    30: dict(colour="red", mp=4, tyres=2, damage=1),  # Ex. 3 value 4 (30)
    33: dict(colour="green", mp=2, tests=[("normal", 0)]),  # Ex. 22
    89: dict(colour="red", mp=1),  # Ex. 22
    20: dict(colour="green", mp=2, tests=[("normal", 0)]),  # Ex. 24
    66: dict(colour="green", mp=1, tests=[("normal", 20)]),  # Ex. 24 (+20 test)
    91: dict(colour="orange", mp=2),  # Ex. 24 hand card
    22: dict(colour="orange", mp=2),  # Ex. 24 ET blind draw
    42: dict(colour="orange", mp=3),  # Ex. 31 blind draw; Ex. 33 hand card
    88: dict(colour="orange", mp=3),  # Ex. 31 Target Check
    73: dict(colour="red", mp=2, tyres=1),  # Ex. 34 blind draw
    77: dict(colour="orange", mp=2),  # Ex. 34 TC
    67: dict(colour="green", mp=2, tests=[("normal", 0)]),  # Ex. 33 TC
    83: dict(colour="red", mp=3, tyres=1),  # Ex. 33 blind draw, Ex. 21
    79: dict(colour="green", mp=2, tests=[("normal", 0)]),  # Ex. 21
    37: dict(colour="orange", mp=1, draw=1),  # Ex. 21
    55: dict(colour="orange", mp=2),  # Ex. 38 TC
    38: dict(colour="yellow", mp=1, weather=True),  # Ex. 9 weather card
    34: dict(colour="yellow", mp=2, weather=True),  # Ex. 8 weather card
    # Ex. 25 flag cards
    45: dict(colour="yellow", mp=2, tyres=1, flag="yellow"),
    46: dict(colour="yellow", mp=1, flag="green"),
    47: dict(colour="yellow", mp=2, draw=1, flag="blue"),
    48: dict(colour="yellow", mp=2, tyres=1, flag="orange"),
    # Ex. 20: a [3] with 2 tyres and 1 damage
    60: dict(colour="red", mp=3, tyres=2, damage=1),
}

def gen(check: int, colour: str) -> dict:
    r = rng.random
    if colour == "red":
        mp = rng.choice([2, 3, 3, 4, 4])
        c = dict(colour=colour, mp=mp, tyres=1 if mp <= 2 else rng.choice([1, 2, 2]))
        if mp == 4 and r() < 0.5:
            c["damage"] = 1
        return c
    if colour == "green":
        mp = rng.choice([1, 2, 2, 3, 3])
        kind = "blind" if r() < 0.35 else "normal"
        mod = rng.choice([0, 0, 0, -10, 10, 20])
        c = dict(colour=colour, mp=mp, tests=[(kind, mod)])
        if mp == 3 and r() < 0.4:
            c["tyres"] = 1
        return c
    if colour == "orange":
        mp = rng.choice([1, 1, 2, 2, 3])
        c = dict(colour=colour, mp=mp)
        if mp <= 2 and r() < 0.6:
            c["draw"] = 1
        return c
    mp = rng.choice([1, 1, 2, 2])
    c = dict(colour=colour, mp=mp)
    pick = rng.choice(["weather", "weather", "yellow", "green", "blue", "orange", "discard"])
    if pick == "weather":
        c["weather"] = True
    elif pick == "discard":
        c["discard"] = 1
        c["mp"] = 3
    else:
        c["flag"] = pick
        if pick in ("yellow", "orange"):
            c["tyres"] = 1
        if pick == "blue":
            c["draw"] = 1
    return c

print('# Race deck — INVENTED FOR TEACHING (source: invented-for-teaching).')
print('# The manual states only that Race Cards have MP 1–4 and check factors 1–99')
print('# (digest §5.1) and gives no composition (§0.1). This deck has 99 cards, one per')
print('# check factor, so "(42)" always names one card. Cards the worked examples quote')
print('# (Ex. 3, 5, 8, 9, 20–25, 31, 33, 34, 38) carry the stated value/colour/cost; all')
print('# other fields are invented. Regenerate with tools/make_race_deck.py.')
print('source = "invented-for-teaching"')
print()
for check in range(1, 100):
    c = PINNED.get(check) or gen(check, COLOURS[check - 1])
    print("[[cards]]")
    print(f"check = {check}")
    print(f'colour = "{c["colour"]}"')
    print(f"mp = {c['mp']}")
    for k in ("tyres", "damage", "discard", "draw"):
        if c.get(k):
            print(f"{k} = {c[k]}")
    if c.get("tests"):
        inner = ", ".join(f'{{ kind = "{k}", modifier = {m} }}' for k, m in c["tests"])
        print(f"tests = [{inner}]")
    if c.get("flag"):
        print(f'flag = "{c["flag"]}"')
    if c.get("weather"):
        print("weather = true")
    print()

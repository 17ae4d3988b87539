"""Distances between the travel game's capitals, in the whole kilometres the rulebook's distance table prints.

One home for them: the checker decides who starts with these numbers and the rulebook prints the same ones.
"""
from __future__ import annotations

import math

from .model import TravelGame


def great_circle_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance over the Earth's surface between two (latitude, longitude) points (haversine, R = 6371 km)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def side_codes(game: TravelGame) -> list[str]:
    """Every country side, card by card (the two sides of a card next to each other)."""
    return [side.code for card in game.countries for side in card.sides]


def printed_km(game: TravelGame) -> list[list[int]]:
    """Whole km between the capitals of every two sides, in `side_codes` order."""
    capitals = [(side.capital[0], side.capital[1]) for card in game.countries for side in card.sides]
    return [[round(great_circle_km(a, b)) for b in capitals] for a in capitals]

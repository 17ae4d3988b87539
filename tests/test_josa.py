"""Korean particles follow the word a placeholder puts before them."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from generator.content.josa import attach, has_batchim


@pytest.mark.parametrize("value, text", [
    ("Mina", "Mina는 카메라를 가집니다."), ("Joon", "Joon은 카메라를 가집니다."), ("준", "준은 카메라를 가집니다."),
    ("소라", "소라는 카메라를 가집니다."), ("3", "3은 카메라를 가집니다."), ("2", "2는 카메라를 가집니다."),
])
def test_topic_particle(value, text):
    assert attach("{name}은(는) 카메라를 가집니다.", {"name": value}) == text


def test_every_pair_and_the_rieul_rule():
    values = {"a": "지도", "b": "우산", "c": "서울", "d": "부산"}
    assert attach("{a}을(를) {b}이(가) {a}와(과) {b}과(와) {c}으로(로) {d}으로(로)", values) == \
        "지도를 우산이 지도와 우산과 서울로 부산으로"


def test_unknown_endings_keep_both_forms_and_escapes_stay():
    assert attach("{x}은(는) {{x}}은(는)", {"x": "★"}) == "★은(는) {x}은(는)"


@given(st.text(max_size=20).filter(lambda t: not set("{}(") & set(t)))
def test_text_without_particles_formats_like_str_format(text):
    assert attach(text + "{v}" + text, {"v": "값"}) == (text + "{v}" + text).format(v="값")


def test_batchim():
    assert [has_batchim(w) for w in ("각", "가", "Bo", "Ben", "7", "")] == [True, False, False, True, True, None]


def test_a_particle_after_a_quoted_or_bracketed_placeholder():
    assert attach("'{word}'은(는) 행동이 아닙니다", {"word": "로"}) == "'로'는 행동이 아닙니다"
    assert attach("'{word}'이(가) 아닙니다", {"word": "교환"}) == "'교환'이 아닙니다"
    assert attach("({name})을(를) 봅니다", {"name": "Mina"}) == "(Mina)를 봅니다"

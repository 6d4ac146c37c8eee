"""The state machine's transition table: legal paths pass, everything else raises."""

from __future__ import annotations

import itertools

import pytest

from skill import TERMINAL, TRANSITIONS, IllegalTransition, SkillError, State, StateMachine

CONCLUDED_PATH = [
    State.SUBJECT_CLASS_IDENTIFIED,
    State.CANDIDATE_SUBJECT_DISCOVERED,
    State.EVIDENCE_RETRIEVAL,
    State.EVIDENCE_VERIFIED,
    State.CONCLUDED,
]
NOT_FOUND_PATH = [
    State.SUBJECT_CLASS_IDENTIFIED,
    State.CANDIDATE_SUBJECT_DISCOVERED,
    State.SUBJECT_NOT_FOUND,
]


@pytest.mark.parametrize("path", [CONCLUDED_PATH, NOT_FOUND_PATH])
def test_legal_paths_are_traced(path: list[State]) -> None:
    machine = StateMachine()
    for state in path:
        machine.advance(state)
    assert machine.trace == (State.INIT, *path)
    assert machine.terminal


def test_every_transition_outside_the_table_raises() -> None:
    for current, target in itertools.product(State, State):
        machine = StateMachine()
        # Walk to `current` along a legal path first.
        path = CONCLUDED_PATH if current != State.SUBJECT_NOT_FOUND else NOT_FOUND_PATH
        for step in path:
            if machine.state == current:
                break
            machine.advance(step)
        assert machine.state == current
        if target in TRANSITIONS[current]:
            machine.advance(target)
            assert machine.state == target
        else:
            with pytest.raises(IllegalTransition) as info:
                machine.advance(target)
            assert isinstance(info.value, SkillError)
            assert (info.value.current, info.value.target) == (current.value, target.value)
            assert machine.state == current  # a refused move changes nothing


def test_skipping_going_back_and_leaving_a_terminal_state_raise() -> None:
    machine = StateMachine()
    with pytest.raises(IllegalTransition):
        machine.advance(State.EVIDENCE_RETRIEVAL)  # skips states 1 and 2
    machine.advance(State.SUBJECT_CLASS_IDENTIFIED)
    with pytest.raises(IllegalTransition):
        machine.advance(State.INIT)  # back
    machine.advance(State.CANDIDATE_SUBJECT_DISCOVERED)
    machine.advance(State.SUBJECT_NOT_FOUND)
    for target in State:
        with pytest.raises(IllegalTransition):
            machine.advance(target)  # a terminal state is final


def test_terminal_states_have_no_exits() -> None:
    assert {State.CONCLUDED, State.SUBJECT_NOT_FOUND} == TERMINAL
    assert all(not TRANSITIONS[s] for s in TERMINAL)
    assert set(TRANSITIONS) == set(State)

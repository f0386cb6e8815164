"""Discord shards spread over processes: options, and which servers a process resumes."""

from __future__ import annotations

import argparse

import pytest

from adapters.cli import build_parser
from adapters.discord_bot.sharding import Sharding
from adapters.run_command import parse_sharding


def options(*words: str) -> argparse.Namespace:
    return build_parser().parse_args(["run", "discord", *words])


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ((), Sharding(1, None)),
        (("--shards", "auto"), Sharding(None, None)),
        (("--shards", "3"), Sharding(3, None)),
        (("--shard-ids", "1,0", "--shard-count", "4"), Sharding(4, (0, 1))),
    ],
)
def test_shard_options(words: tuple[str, ...], expected: Sharding) -> None:
    assert parse_sharding(options(*words)) == expected


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        (("--shard-ids", "0,1"), "--shard-ids and --shard-count go together, without --shards"),
        (
            ("--shard-ids", "0,4", "--shard-count", "4"),
            "shard ids must be below --shard-count (4)",
        ),
        (
            ("--shard-ids", "a", "--shard-count", "2"),
            "--shard-ids takes numbers like 0,1 and --shard-count a positive number",
        ),
        (("--shards", "0"), "--shards takes auto or a positive number"),
    ],
)
def test_bad_shard_options(words: tuple[str, ...], problem: str) -> None:
    assert parse_sharding(options(*words)) == problem


def test_a_process_owns_the_servers_of_its_shards() -> None:
    guild_on_shard = {shard: (shard + 8) << 22 for shard in range(4)}  # (id >> 22) % 4 == shard
    mine = Sharding(4, (0, 1))
    assert [mine.owns(f"dc:{guild_on_shard[s]}") for s in range(4)] == [True, True, False, False]
    assert Sharding(None, None).owns(f"dc:{guild_on_shard[3]}")
    assert Sharding(4, None).owns(f"dc:{guild_on_shard[3]}")

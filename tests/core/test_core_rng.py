from bigtop.core import Rng


def test_same_seed_same_sequence_and_copy_is_independent() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert c.next64() == a.next64()
    c.next64()
    assert c.draws == a.draws + 1


def test_known_values_are_stable_across_machines() -> None:
    # SplitMix64 reference output for seed 0 (first value of the published algorithm)
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_below_is_uniform_enough_and_in_range() -> None:
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(20))
    a, b = list(items), list(items)
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_fork_gives_an_independent_stream() -> None:
    rng = Rng(1)
    child = rng.fork()
    assert child.next64() != rng.copy().next64()


def test_below_draws_what_next64_draws() -> None:
    # below inlines next64: the same values, counted the same, as taking them one by one
    for n in (1, 2, 6, 1000, 2**40 + 3, 2**63 + 1):
        fast, slow = Rng(11), Rng(11)
        got = [fast.below(n) for _ in range(50)]
        limit = (1 << 64) - (1 << 64) % n
        expected = []
        while len(expected) < 50:
            x = slow.next64()
            if x < limit:
                expected.append(x % n)
        assert got == expected and fast.state == slow.state and fast.draws == slow.draws


def test_shuffle_draws_what_below_draws() -> None:
    # shuffle inlines below: the same swaps, the generator left in the same place, as step by step
    for size in (0, 1, 2, 7, 120):
        fast, slow = Rng(size + 5), Rng(size + 5)
        items, expected = list(range(size)), list(range(size))
        fast.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == slow.state and fast.draws == slow.draws


def test_sample_shuffle_is_a_seeded_uniform_permutation_of_one_draw() -> None:
    items = list(range(30))
    a, b = list(items), list(items)
    ra, rb = Rng(5), Rng(5)
    ra.sample_shuffle(a)
    rb.sample_shuffle(b)
    assert a == b and sorted(a) == items and a != items
    assert ra.draws == 1  # one draw seeds it, whatever the length
    rng = Rng(9)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(24000):
        order = [0, 1, 2, 3]
        rng.sample_shuffle(order)
        counts[tuple(order)] = counts.get(tuple(order), 0) + 1
    assert len(counts) == 24 and all(850 < c < 1150 for c in counts.values())


def test_sample_shuffle_and_sample_front_of_a_generator_that_sees_draws_go_through_below() -> None:
    class Counting(Rng):
        def below(self, n: int) -> int:
            self.seen.append(n)
            return super().below(n)

    rng = Counting(1)
    rng.seen = []  # type: ignore[attr-defined]
    rng.sample_shuffle(list(range(5)))
    assert rng.seen == [5, 4, 3, 2]  # type: ignore[attr-defined]
    rng.seen = []  # type: ignore[attr-defined]
    rng.sample_front(list(range(6)), 3)
    assert rng.seen == [6, 5, 4]  # type: ignore[attr-defined]


def test_sample_front_draws_count_items_uniformly_to_the_front_from_one_draw() -> None:
    rng = Rng(4)
    items = list(range(40))
    rng.sample_front(items, 5)
    assert sorted(items) == list(range(40)) and items[:5] != list(range(5))
    assert rng.draws == 1
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(24000):
        order = [0, 1, 2, 3]
        rng.sample_front(order, 2)
        counts[tuple(order[:2])] = counts.get(tuple(order[:2]), 0) + 1
    assert len(counts) == 12 and all(1700 < c < 2300 for c in counts.values())


"""The compare view's word diff (core/text/diff.py): each side is its own text again,
the changed words marked, the counts in words."""

from aipa.core.text.diff import compare


def test_each_side_reads_as_written_with_the_changed_words_marked():
    old = "Three venues within two hours.\n\n- Lodge A\n- Hotel B\n"
    new = "Four venues within one hour.\n\n- Lodge A\n- Castle C\n"
    c = compare(old, new)
    assert "".join(p.text for p in c.old) == old and "".join(p.text for p in c.new) == new
    assert [p.text.strip() for p in c.old if p.kind == "gone"] == ["Three", "two hours.", "Hotel B"]
    assert [p.text.strip() for p in c.new if p.kind == "new"] == ["Four", "one hour.", "Castle C"]
    assert (c.removed, c.added) == (5, 5) and not c.same
    assert {p.kind for p in c.old} == {"same", "gone"} and {p.kind for p in c.new} == {"same", "new"}


def test_the_same_text_has_no_changes_and_an_empty_side_is_all_new():
    assert compare("a b c", "a b c").same
    c = compare("", "a new text")
    assert c.old == () and [(p.kind, p.text) for p in c.new] == [("new", "a new text")] and c.added == 3

"""The journal's fault campaigns run, and a few cases of each find every loss reported."""

from __future__ import annotations

from bench import faults, faults_journal


def test_lost_logs_and_garbage_campaigns_find_no_silent_loss() -> None:
    logs = faults_journal.lost_logs_campaign(faults.Campaign("lost logs"), seed=3, cases=5)
    assert logs.cases == 5 and logs.failures == []
    assert any("lost, reported" in note for note in logs.notes)  # losses did happen
    garbage = faults_journal.garbage_campaign(faults.Campaign("garbage"), seed=3, per_file=1)
    assert garbage.cases == 5 and garbage.failures == []


def test_the_campaigns_are_rows_of_the_report() -> None:
    for name in faults_journal.NAMES:
        assert name in faults.CAMPAIGNS

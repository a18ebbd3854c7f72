"""``estimate`` through a real Dask cluster, as the probability guide shows (``executor=client.get_executor()``).

A ``distributed.LocalCluster`` starts a scheduler and worker processes on 127.0.0.1; the deals
are solved in those processes, and the result must be the one the local process pool gives for
the same seed, deal for deal. Dask is a test dependency only, never needed to play.
"""

from __future__ import annotations

from distributed import Client, LocalCluster

from pyramide_widget import estimate


def test_estimate_through_a_dask_cluster_gives_what_the_local_pool_gives() -> None:
    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        workers = client.scheduler_info()["workers"]
        remote = estimate("T", deals=24, seed=5, executor=client.get_executor(), chunk_size=4)
    local = estimate("T", deals=24, seed=5, chunk_size=5)  # the default process pool
    assert len(workers) == 2 and all(address.startswith("tcp://127.0.0.1:") for address in workers)
    assert remote == local  # every deal's code, answer and search nodes, in order
    assert remote.deals == 24 and remote.max_removed == local.max_removed

"""The protocol from Python: a bad request gets a clear error and the server keeps serving."""
import json

import pytest

import guildcraft
from guildcraft import Client, GuildcraftError


@pytest.fixture
def client():
    c = Client()
    yield c
    c.close()


def test_malformed_json_is_refused_with_a_user_fault_and_the_connection_keeps_serving(client):
    with pytest.raises(GuildcraftError) as caught:
        client.send_raw("{not json")
    assert caught.value.fault == "user" and "not JSON" in caught.value.message
    assert client.request("hello", version=guildcraft.PROTOCOL_VERSION) == {"version": 1}


def test_a_request_of_the_wrong_shape_names_the_field(client):
    with pytest.raises(GuildcraftError) as caught:
        client.send_raw(json.dumps({"id": 5, "op": "step", "env": "env-1", "actions": {"Knight": {"type": "fly"}}}))
    assert caught.value.fault == "user" and "actions" in caught.value.message
    assert client.request("hello", version=1)["version"] == 1


def test_unknown_env_and_wrong_version_are_user_faults_with_hints(client):
    with pytest.raises(GuildcraftError) as caught:
        client.request("reset", env="env-99")
    assert caught.value.fault == "user" and "env-99" in caught.value.message and caught.value.hint
    with pytest.raises(GuildcraftError, match="protocol version"):
        client.request("hello", version=999)
    made = client.request("make", task="tickingcollab/raid-boss-v1", observation="text")
    assert made["possibleAgents"] == ["Knight", "Berserker", "Rogue", "Squire"]
    assert set(client.request("reset", env=made["env"], seed=0)["observations"]) == set(made["possibleAgents"])


def test_unknown_task_is_refused_and_a_second_client_is_unaffected(client):
    with pytest.raises(GuildcraftError) as caught:
        guildcraft.parallel_env("tickingcollab/no-such-task-v1", url=client.url)
    assert caught.value.fault == "user"
    env = guildcraft.parallel_env("tickingcollab/raid-boss-v1", url=client.url, observation="text")
    try:
        assert set(env.reset(seed=0)[0]) == set(env.possible_agents)
    finally:
        env.close()

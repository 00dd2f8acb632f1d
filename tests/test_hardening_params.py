"""Transform parameters are checked strictly against their declared types, everywhere they come
from (Python, YAML suites, --param), with errors naming the transform and the parameter."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from perturbkit import registry
from perturbkit.cli import main
from perturbkit.errors import SuiteError
from perturbkit.params import ParamTypeError, check_params, describe_type
from perturbkit.suite import load_suite
from perturbkit.transform import TransformParamError, get_transform


def _fields(kind):
    for name, cls in registry.transforms.all().items():
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if f.init and kind(hints[f.name]):
                yield name, f.name


BOOL_FIELDS = list(_fields(lambda tp: tp is bool))
INT_FIELDS = list(_fields(lambda tp: tp is int or tp == (int | None)))


def test_there_are_fields_to_check():
    assert ("repeat_sentence", "keep_length") in BOOL_FIELDS and len(INT_FIELDS) >= 3


@pytest.mark.parametrize("name, field", BOOL_FIELDS)
@pytest.mark.parametrize("value", ["maybe", "true", 1, 0, None])
def test_booleans_are_true_or_false_only(name, field, value):
    with pytest.raises(TransformParamError, match=rf"transform '{name}': parameter '{field}' must be true or false"):
        get_transform(name, **{field: value})
    assert getattr(get_transform(name, **{field: True}), field) is True


@pytest.mark.parametrize("name, field", INT_FIELDS)
@pytest.mark.parametrize("value", ["2", 2.5, True])
def test_integers_are_not_strings_floats_or_booleans(name, field, value):
    with pytest.raises(TransformParamError, match=rf"'{name}': parameter '{field}' must be an integer"):
        get_transform(name, **{field: value})


def test_a_number_for_a_list_parameter_is_refused_and_lists_are_accepted():
    with pytest.raises(TransformParamError, match=r"parameter 'labels' must be a list of strings, got 5"):
        get_transform("entity_replacement", labels=5)
    with pytest.raises(TransformParamError, match="must be a list of strings"):
        get_transform("entity_replacement", labels=["PERSON", 3])
    assert list(get_transform("entity_replacement", labels=["PERSON"]).labels) == ["PERSON"]
    assert list(get_transform("entity_replacement", labels=("GPE",)).labels) == ["GPE"]


def test_floats_accept_integers_and_ranges_stay_with_validate():
    assert get_transform("typos", rate=1).rate == 1
    with pytest.raises(TransformParamError, match="must be a number"):
        get_transform("typos", rate="0.1")
    with pytest.raises(TransformParamError, match=r"rate must be in \(0, 1\]"):
        get_transform("typos", rate=5)  # the right type, out of range: the transform's validate()


def test_numpy_numbers_are_numbers():
    np = pytest.importorskip("numpy")
    assert get_transform("synonym", max_words=np.int64(2)).max_words == 2  # the type check passes it on


def test_optional_and_mapping_parameters():
    assert get_transform("repeat_ngram", n=None).n is None
    assert get_transform("union_negative", counts={1: 0.5, 2: 0.5}).counts == {1: 0.5, 2: 0.5}
    with pytest.raises(TransformParamError, match="must be a mapping of an integer to a number, or null"):
        get_transform("union_negative", counts={"one": 1.0})


def test_check_params_on_any_dataclass_and_unresolvable_hints():
    @dataclasses.dataclass
    class P:
        flag: bool = False
        names: tuple[str, ...] = ()

    check_params(P, {"flag": False, "names": ["a"]})
    with pytest.raises(ParamTypeError, match="'flag' must be true or false, got 'yes please'"):
        check_params(P, {"flag": "yes please"})

    @dataclasses.dataclass
    class Q:
        thing: NoSuchType = None  # noqa: F821  (a plugin's annotation that does not resolve)

    check_params(Q, {"thing": 3})  # not checkable: left to the class


def test_describe_type():
    assert describe_type(tuple[str, ...]) == "a list of strings"
    assert describe_type(int | None) == "an integer, or null"
    assert describe_type(bool) == "true or false"


def test_cli_param_errors_are_one_line(capsys):
    for param, expect in [
        ("keep_length=maybe", "parameter 'keep_length' must be true or false, got 'maybe'"),
        ("keep_length=yes", None),
    ]:
        code = main(["perturb", "repeat_sentence", "--param", param, "Tom ran. He fell. He got up."])
        err = capsys.readouterr().err
        if expect:
            assert code == 2 and expect in err and err.count("\n") == 1
        else:
            assert code == 0  # YAML's yes is a real boolean
    assert main(["perturb", "entity_replacement", "--param", "labels=5", "Tom met Ann in Paris."]) == 2
    assert "transform 'entity_replacement': parameter 'labels' must be a list of strings" in capsys.readouterr().err


def test_suite_param_errors_name_the_file_line_and_transform(tmp_path):
    suite = tmp_path / "s.yaml"
    suite.write_text(
        "name: s\ntests:\n  - name: a\n    kind: discrimination\n"
        "    transforms: {repeat_sentence: {keep_length: maybe}}\n",
        encoding="utf-8",
    )
    with pytest.raises(SuiteError, match=r"s\.yaml:5: .*'repeat_sentence': parameter 'keep_length' must be true"):
        load_suite(suite)

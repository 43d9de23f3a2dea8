"""The interview over JSON: ``POST /api/interview`` (schema in the OpenAPI document at /openapi.json).

The server keeps nothing between requests: a client sends the answers so far
and gets the next step, either the next question or the ruling (in the one
shape ``bridgelaw rule --json`` prints, schemas/ruling.schema.json, embedded
whole in the OpenAPI document as RulingOut) with its text and the incident
file.  To answer, append ``{key: question.key, value}`` to the answers and
post them again; to go back, drop the last one.  ``value`` is one of the
question's choice values (a list of them when ``multiple``), text for a free
answer (a contract, a card), or null for "not known" when ``allow_unknown``.  A deal pasted in (a PBN
or BBO LIN record) is the answer ``{key: "cards", value: TEXT}``, at any point after the kind of incident: the
cards then answer what they show, and the ruling gives the hands and tricks (``board``) and the evidence.  A misfit answers 4xx with an
Error naming the answer: 400 broken, 409 stale (not the question asked at that
point), 413 too large (more facts of a kind than one board holds, or answers
that take over the server's time budget to replay), 422 invalid (unknown
template or slot, value not allowed); 503 busy (every engine in use, or as many requests with a deal
as may run at once: retry).
"""
from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, RootModel, WithJsonSchema

from ...explain import ruling_json
from ...explain.ruling import Ruling
from .session import MAX_ANSWERS, Snapshot, StateError
from .view import plain, question_data, titled

Scalar = bool | int | str


class Texts(BaseModel):
    ru: str
    en: str


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str = Field(max_length=200, description="the key of the question answered, as the question gave it",
                     examples=["deal.declarer"])
    value: Scalar | list[Scalar] | None = Field(
        description="a choice value, a list of them for a question with multiple=true, text for a free "
                    "answer, or null for 'not known'", examples=["S"])


class InterviewRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answers: list[Answer] = Field(default_factory=list, max_length=MAX_ANSWERS,
                                  description="the answers so far, in the order the questions were asked")
    lang: Literal["ru", "en"] = Field("ru", description="language of the ruling's text and title")


class Choice(BaseModel):
    value: Scalar
    label: Texts
    help: Texts | None = None


class Why(BaseModel):
    production: str
    cite: str
    summary: Texts


class QuestionOut(BaseModel):
    key: str = Field(description="what to send back as Answer.key")
    kind: Literal["incident", "slot", "exists"]
    text: Texts
    subject: Texts | None = Field(None, description="which fact, when there are several of its kind")
    help: Texts | None = None
    template: str | None = None
    slot: str | None = None
    fact: str | None = None
    type: str
    multiple: bool
    allow_unknown: bool
    judgment: bool = Field(description="a question of the director's bridge judgment")
    law: str | None = None
    choices: list[Choice] = Field(description="empty for a free answer")
    why: list[Why] = Field(description="the productions (and law subsections) waiting on the answer")


class RulingOut(RootModel[Annotated[dict, WithJsonSchema(ruling_json.embedded())]]):
    """The ruling in the one shape `bridgelaw rule --json` prints (schemas/ruling.schema.json)."""


class AnswerOut(BaseModel):
    key: str
    value: Scalar | list[Scalar] | None


class Step(BaseModel):
    answers: list[AnswerOut] = Field(description="the answers, canonical (e.g. 's' read as 'S')")
    step: Literal["question", "ruling"]
    question: QuestionOut | None = None
    ruling: RulingOut | None = Field(None, description="the ruling, as `bridgelaw rule --json` prints it")
    text: str | None = Field(None, description="the ruling as a director reads it, with HOW, in the request's language")
    incident_yaml: str | None = Field(None, description="the established facts as an incident file for `bridgelaw rule`")


class Error(BaseModel):
    detail: str
    kind: Literal["broken", "invalid", "stale", "too_large", "busy", "not_found", "internal"]
    index: int | None = Field(None, description="the answer (from 1) that does not fit, when one is to blame")


router = APIRouter(prefix="/api", tags=["interview"])
ERRORS = {s: {"model": Error} for s in (400, 409, 413, 422, 503)}


@router.post("/interview", response_model=Step, responses=ERRORS,
             summary="The next question, or the ruling, for the answers so far")
def interview(body: InterviewRequest, request: Request) -> Step:
    service = request.app.state.service
    snap: Snapshot = service.replay([(a.key, a.value) for a in body.answers])
    answers = [AnswerOut(key=k, value=plain(v)) for k, v in snap.answers]
    if not isinstance(snap.step, Ruling):
        return Step(answers=answers, step="question", question=QuestionOut(**question_data(snap.step)))
    vocab = service.vocab
    ruling = titled(snap.step, vocab, snap.kinds, body.lang)
    return Step(answers=answers, step="ruling", ruling=RulingOut(ruling_json.ruling_json(ruling)),
                text=ruling.render(body.lang, how=True),
                incident_yaml=snap.incident_yaml(ruling.incident))  # headed as the ruling is


def error_body(e: StateError) -> dict:
    return {"detail": str(e), "kind": e.kind, "index": e.index}

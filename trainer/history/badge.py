"""An audition's record as an Open Badges 3.0 credential: an ``OpenBadgeCredential`` (a W3C
Verifiable Credential) signed by the school's key in the standard's JSON Web Token proof
format (VC-JWT: a compact JWS, ``alg`` EdDSA with Ed25519, the public key in the ``jwk``
header, the claims ``iss``, ``jti``, ``nbf`` and ``sub`` beside the credential).

The issuer is a ``Profile`` named after the school whose id is the key as a ``did:key``; the
subject is the trainee (their roster id, else their name, as a URN); the achievement is the
school's proctored dealer audition; the result its verdict (``Completed`` or ``Failed``) and
each area's grade; the evidence names the SHA-256 of the whole signed record the sheet
carries.  Plain values in, a string out.
"""

from __future__ import annotations

import re
import uuid
from datetime import datetime
from typing import Any
from urllib.parse import quote

from trainer.history.signing import Signer, canonical, digest

CONTEXT = (
    "https://www.w3.org/ns/credentials/v2",
    "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
)
SCHEMA = (
    "https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json"
)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "school"


def _z(stamp: str) -> str:
    """An ISO time with its zone as ``Z`` (DateTimeZ), to the second."""
    return datetime.fromisoformat(stamp).strftime("%Y-%m-%dT%H:%M:%SZ")


def _urn(hex_id: str) -> str:
    """A uuid's hex digits as a ``urn:uuid:``; another id as an ezbac URN."""
    try:
        return f"urn:uuid:{uuid.UUID(hex=hex_id)}"
    except ValueError:
        return f"urn:ezbac:id:{quote(hex_id, safe='')}"


def credential(record: dict[str, Any], issuer_did: str) -> dict[str, Any]:
    """The OpenBadgeCredential of a signed record (``AuditionRecord.signed_record``)."""
    school = record["school"]
    trainee = record["trainee"]
    subject = (
        _urn(trainee["person_id"])
        if trainee.get("person_id")
        else f"urn:ezbac:{_slug(school)}:trainee:{quote(trainee['name'], safe='')}"
    )
    passed = record["verdict"] == "passed"
    achievement_id = f"urn:ezbac:{_slug(school)}:audition:{_slug(record['curriculum']['id'])}"
    return {
        "@context": list(CONTEXT),
        "id": _urn(record["run_id"]),
        "type": ["VerifiableCredential", "OpenBadgeCredential"],
        "name": f"{school}: EZ Baccarat dealer audition, {record['verdict']}",
        "issuer": {"id": issuer_did, "type": ["Profile"], "name": school},
        "validFrom": _z(record["sat_at"]),
        "credentialSubject": {
            "id": subject,
            "type": ["AchievementSubject"],
            "identifier": [
                {
                    "type": "IdentityObject",
                    "hashed": False,
                    "identityHash": trainee["name"],
                    "identityType": "name",
                }
            ],
            "activityEndDate": _z(record["finished_at"] or record["sat_at"]),
            "achievement": {
                "id": achievement_id,
                "type": ["Achievement"],
                "achievementType": "Assessment",
                "name": "EZ Baccarat dealer audition",
                "description": (
                    "A proctored audition: a written part on the drawing rules, outcomes and "
                    "payouts, and a practical part graded by area on accuracy and pace, with red "
                    "lines that fail it whatever else."
                ),
                "criteria": {
                    "narrative": (
                        f"Passed when the written part reaches {record['written']['pass_mark']}%, "
                        "every practical area earns a grade on the school's rubric and no red "
                        "line is crossed."
                    )
                },
                "resultDescription": [
                    {
                        "id": f"{achievement_id}:verdict",
                        "type": ["ResultDescription"],
                        "name": "Verdict",
                        "resultType": "Status",
                    },
                    *(
                        {
                            "id": f"{achievement_id}:area:{_slug(a['id'])}",
                            "type": ["ResultDescription"],
                            "name": f"Grade: {a['id']}",
                            "resultType": "LetterGrade",
                        }
                        for a in record["areas"]
                    ),
                ],
            },
            "result": [
                {
                    "type": ["Result"],
                    "resultDescription": f"{achievement_id}:verdict",
                    "status": "Completed" if passed else "Failed",
                },
                *(
                    {
                        "type": ["Result"],
                        "resultDescription": f"{achievement_id}:area:{_slug(a['id'])}",
                        "value": a["grade"] if a["grade"] is not None else "none",
                    }
                    for a in record["areas"]
                ),
            ],
        },
        "evidence": [
            {
                "id": f"urn:sha256:{digest(record)}",
                "type": ["Evidence"],
                "name": "The audition's whole record",
                "description": (
                    "The SHA-256 of the canonical JSON of the record the school signed (every "
                    "answer of every part): the sign-off sheet's JSON carries it, checked by "
                    "ezbac audition verify with the school's public key."
                ),
            }
        ],
        "credentialSchema": [{"id": SCHEMA, "type": "1EdTechJsonSchemaValidator2019"}],
    }


def badge_jwt(record: dict[str, Any], signer: Signer) -> str:
    """The credential signed as a VC-JWT (a compact JWS)."""
    vc = credential(record, signer.public.did())
    claims = {
        **vc,
        "iss": vc["issuer"]["id"],
        "jti": vc["id"],
        "nbf": int(datetime.fromisoformat(record["sat_at"]).timestamp()),
        "sub": vc["credentialSubject"]["id"],
    }
    header = {"alg": "EdDSA", "typ": "JWT", "jwk": signer.public.jwk()}
    return signer.compact(header, canonical(claims))

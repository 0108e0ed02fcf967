"""A small client of the Analytics Public API, standard library only: what `mutate` judges.

    client = AnalyticsClient("http://127.0.0.1:4010/api/v1/", "sbx_user_alpha")
    client.projects()          # [Project(id=101, name='northwind', ...), ...]
    client.overview(101)       # Overview(visibility=59.15, trend='up', ...)
"""
import json
import urllib.error
import urllib.request
from dataclasses import dataclass


class ApiError(Exception):
    """An answer that is not a success: its status and errors.error (None where there is none)."""

    def __init__(self, status, code):
        super().__init__(f"{status} {code}")
        self.status = status
        self.code = code


@dataclass
class Project:
    id: int
    name: str
    display_name: str
    status: str


@dataclass
class Overview:
    visibility: float
    trend: str
    positive_share: float


class AnalyticsClient:
    def __init__(self, base_url, api_key):
        self.base_url = base_url
        self.api_key = api_key

    def _get(self, path, project_id=None):
        headers = {"X-API-Key": self.api_key}
        if project_id is not None:
            headers["X-Project-ID"] = str(project_id)
        request = urllib.request.Request(self.base_url + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                body = json.load(response)
        except urllib.error.HTTPError as error:
            body = json.load(error)
            raise ApiError(error.code, body.get("errors", {}).get("error")) from None
        return body["data"]

    def projects(self):
        data = self._get("projects")
        return [Project(p["id"], p["name"], p["display_name"], p["status"]) for p in data["projects"]]

    def overview(self, project_id):
        data = self._get("overview", project_id)
        score = data["visibility_score"]
        return Overview(score["current"], score["trend"], data["sentiment_analysis"]["positive"])

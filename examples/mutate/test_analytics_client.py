"""The client's suite, run against the sandbox ANALYTICS_SANDBOX_URL names (default: one on port 4010).

    python3 -m unittest -q test_analytics_client
    npx analytics-sandbox mutate -- python3 -m unittest -q test_analytics_client
"""
import os
import unittest

from analytics_client import AnalyticsClient, ApiError

BASE_URL = os.environ.get("ANALYTICS_SANDBOX_URL", "http://127.0.0.1:4010/api/v1/")
# Under a mutate variant the documented data changes within the contract: value pins are left out.
UNDER_VARIANT = os.environ.get("ANALYTICS_SANDBOX_MUTATION", "").startswith("variant-")


class ProjectsTest(unittest.TestCase):
    def test_lists_the_three_projects_of_the_account(self):
        projects = AnalyticsClient(BASE_URL, "sbx_user_alpha").projects()
        if not UNDER_VARIANT:
            self.assertEqual([p.id for p in projects], [101, 102, 103])
        self.assertTrue(all(isinstance(p.id, int) for p in projects))

    def test_shows_names_as_text(self):
        for project in AnalyticsClient(BASE_URL, "sbx_user_alpha").projects():
            self.assertIsInstance(project.display_name, str)


class OverviewTest(unittest.TestCase):
    def test_reads_the_visibility_and_a_known_trend(self):
        overview = AnalyticsClient(BASE_URL, "sbx_user_alpha").overview(101)
        self.assertIsInstance(overview.visibility, float)
        self.assertIn(overview.trend, ("up", "down", "stable"))

    def test_refuses_another_accounts_project(self):
        with self.assertRaises(ApiError) as raised:
            AnalyticsClient(BASE_URL, "sbx_user_alpha").overview(201)
        self.assertEqual(raised.exception.status, 403)


if __name__ == "__main__":
    unittest.main()

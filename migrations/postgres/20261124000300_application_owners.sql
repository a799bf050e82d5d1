-- Issue 12 (owners, occupants, transfer of equity, feedback): the tables exist since the cases
-- migration; these indexes make their rules hold under concurrent requests.

-- A person is on a case as an owner (or buyer) once: adding the same e-mail twice is refused.
CREATE UNIQUE INDEX applicants_one_per_case ON applicants(case_id, user_id)
    WHERE party_type = 'APPLICANT';

-- Feedback is asked once per case, person and point (answered or dismissed alike).
CREATE UNIQUE INDEX feedback_once ON feedback(case_id, user_id, feedback_point);

-- Spare-part announcements are read by the holders of spare_part_announcement_administration only
-- (role 8 has no board): their search entries now say so, as the forums' do (issue 10, search).
UPDATE "searchables" SET "read_permission" = 'spare_part_announcement_administration'
  WHERE "entity_type" = 'spare_part_announcement';

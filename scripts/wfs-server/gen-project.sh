#!/usr/bin/env bash
# Writes the QGIS Server 3.22 project (.qgs) to stdout. It publishes the tables of schema.sql
# over WMS 1.3, WFS 1.0/1.1 with WFS-T (Insert/Update/Delete on every layer) and WMTS
# (towns + poi, EPSG:4326 grid). No PyQGIS needed: the XML is written by hand.
# The database is reached through the libpq service named by $1 (default "gportal_wfs"), which
# QGIS Server looks up in $PGSERVICEFILE.
# Usage: gen-project.sh [service] > project.qgs
set -euo pipefail
SERVICE=${1:-gportal_wfs}

# table | wkbType | QGIS geometry class | srid | QGIS srsid | layer id
# Layer ids MUST be longer than 10 characters: QGIS 3.22 silently replaces shorter ids with a
# random UUID, and then WFSLayers / WFSTLayers (which list ids) no longer match: the layer
# disappears from WFS without any error.
LAYERS='poi|Point|Point|4326|3452|poi_layer_0001
roads|LineString|Line|4326|3452|roads_layer_0002
towns|Polygon|Polygon|4326|3452|towns_layer_0003
districts|MultiPolygon|Polygon|4326|3452|districts_layer_0004
rivers|MultiLineString|Line|4326|3452|rivers_layer_0005
towns_cgcs2000|Polygon|Polygon|4490|27734|towns_cgcs2000_layer_0006
towns_large|Polygon|Polygon|4326|3452|towns_large_layer_0007
stations|MultiPoint|Point|4326|3452|stations_layer_0008'
WMTS_IDS='towns_layer_0003 poi_layer_0001'

# each 'code': evaluates the code once per layer, with t wkb g srid srsid id set.
each() { while IFS='|' read -r t wkb g srid srsid id; do eval "$1"; done <<<"$LAYERS"; }
ids() { # $1 = indentation
  while IFS='|' read -r _ _ _ _ _ id; do printf '%s<value>%s</value>\n' "$1" "$id"; done <<<"$LAYERS"; }
wmts_ids() { for i in $WMTS_IDS; do printf '<value>%s</value>' "$i"; done; }

# Field aliases (QGIS's names for people), which DescribeFeatureType writes as alias="…" on each
# field's element: roads' fields have them, the other layers' none. Index = the column's position.
aliases_of() {
  [ "$1" = roads ] || return 0
  printf '      <aliases>'
  printf '<alias index="1" field="name" name="名称"/><alias index="2" field="lanes" name="车道数"/>'
  printf '<alias index="3" field="length_km" name="长度（km）"/><alias index="4" field="paved" name="是否铺装"/><alias index="5" field="opened" name="通车日期"/>'
  printf '</aliases>\n'
}

each '[ ${#id} -gt 10 ] || { echo "layer id \"$id\" must be longer than 10 characters" >&2; exit 1; }'

cat <<XML
<!DOCTYPE qgis PUBLIC 'http://mrcc.com/qgis.dtd' 'SYSTEM'>
<qgis projectname="gportal-wfs" version="3.22.16-Białowieża">
  <homePath path=""/>
  <title>gportal-wfs</title>
  <projectCrs>
    <spatialrefsys>
      <srsid>3452</srsid><srid>4326</srid><authid>EPSG:4326</authid><description>WGS 84</description>
      <projectionacronym>longlat</projectionacronym><ellipsoidacronym>EPSG:7030</ellipsoidacronym><geographicflag>true</geographicflag>
    </spatialrefsys>
  </projectCrs>
  <layer-tree-group>
$(each 'printf "    <layer-tree-layer id=\"%s\" name=\"%s\" checked=\"Qt::Checked\" expanded=\"1\" providerKey=\"postgres\"/>\n" "$id" "$t"')
  </layer-tree-group>
  <projectlayers>
$(each 'cat <<L
    <maplayer type="vector" geometry="$g" wkbType="$wkb" readOnly="0" hasScaleBasedVisibilityFlag="0">
      <id>$id</id>
      <datasource>service='"'"'$SERVICE'"'"' key='"'"'id'"'"' srid=$srid type=$wkb checkPrimaryKeyUnicity='"'"'0'"'"' table=&quot;public&quot;.&quot;$t&quot; (geom)</datasource>
      <layername>$t</layername>
      <srs><spatialrefsys><srsid>$srsid</srsid><srid>$srid</srid><authid>EPSG:$srid</authid></spatialrefsys></srs>
      <provider encoding="UTF-8">postgres</provider>
      <flags><Identifiable>1</Identifiable><Removable>1</Removable><Searchable>1</Searchable></flags>
$(aliases_of $t)
    </maplayer>
L')
  </projectlayers>
  <properties>
    <WMSServiceCapabilities type="bool">true</WMSServiceCapabilities>
    <WMSServiceTitle type="QString">gportal WFS-T test server</WMSServiceTitle>
    <WMSServiceAbstract type="QString">QGIS Server publishing the PostGIS test tables of scripts/wfs-server</WMSServiceAbstract>
    <WMSUrl type="QString"></WMSUrl>
    <WFSUrl type="QString"></WFSUrl>
    <WMTSUrl type="QString"></WMTSUrl>
    <WMSCrsList type="QStringList"><value>EPSG:4326</value><value>EPSG:3857</value><value>EPSG:4490</value></WMSCrsList>
    <WMSExtent type="QStringList"><value>115</value><value>20</value><value>121.5</value><value>29</value></WMSExtent>
    <WMSUseLayerIDs type="bool">false</WMSUseLayerIDs>
    <WFSLayers type="QStringList">
$(ids '      ')
    </WFSLayers>
    <WFSLayersPrecision>
$(each 'printf "      <%s type=\"int\">8</%s>\n" "$id" "$id"')
    </WFSLayersPrecision>
    <WFSTLayers>
      <Insert type="QStringList">
$(ids '        ')
      </Insert>
      <Update type="QStringList">
$(ids '        ')
      </Update>
      <Delete type="QStringList">
$(ids '        ')
      </Delete>
    </WFSTLayers>
    <WCSLayers type="QStringList"/>
    <WMTSLayers>
      <Project type="bool">false</Project>
      <Group type="QStringList"/>
      <Layer type="QStringList">$(wmts_ids)</Layer>
    </WMTSLayers>
    <WMTSPngLayers>
      <Project type="bool">false</Project>
      <Group type="QStringList"/>
      <Layer type="QStringList">$(wmts_ids)</Layer>
    </WMTSPngLayers>
    <WMTSJpegLayers>
      <Project type="bool">false</Project>
      <Group type="QStringList"/>
      <Layer type="QStringList"/>
    </WMTSJpegLayers>
    <WMTSGrids>
      <CRS type="QStringList"><value>EPSG:4326</value></CRS>
      <Config type="QStringList"><value>EPSG:4326,90,-180,279541132.0143589,14</value></Config>
    </WMTSGrids>
    <WMTSMinScale type="int">5000</WMTSMinScale>
  </properties>
</qgis>
XML
